import {
  bookableCategoriesQuery,
  campQuery,
  category,
  envelope,
  intId,
  listMeta,
  programme,
  programmeListQuery,
  programmeQuery,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctx } from '../../http/context';
import { requireFeature } from '../tenancy/features';
import { bookableCategory, bookableCategoryList, listProgrammes, oneProgramme } from './service';

const page = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: listMeta });
const slugParams = z.object({ id: z.string().min(1).max(255) });

export const programmeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Courses and camps switched off for a client are not there at all (issue 13, defect 15).
  app.addHook('preHandler', async (req) => requireFeature(req.client, 'campsAndCoursesBookingEnabled'));
  for (const kind of ['courses', 'camps'] as const) {
    app.get(
      `/v1/activities/${kind}`,
      { schema: { tags: ['programmes'], querystring: programmeListQuery, response: { 200: page(programme) } } },
      async (req) => listProgrammes(ctx(req), kind, req.query),
    );
  }
  app.get(
    '/v1/activities/courses/:id',
    { schema: { tags: ['programmes'], params: slugParams, querystring: programmeQuery, response: { 200: envelope(programme) } } },
    async (req) => ({ data: await oneProgramme(ctx(req), 'courses', req.params.id, req.query) }),
  );
  app.get(
    '/v1/activities/camps/:id',
    { schema: { tags: ['programmes'], params: slugParams, querystring: campQuery, response: { 200: envelope(programme) } } },
    async (req) => ({ data: await oneProgramme(ctx(req), 'camps', req.params.id, req.query) }),
  );

  app.get(
    '/v1/activities/categories/bookable',
    { schema: { tags: ['programmes'], querystring: bookableCategoriesQuery, response: { 200: envelope(z.array(category)) } } },
    async (req) => ({ data: await bookableCategoryList(ctx(req), req.query) }),
  );
  app.get(
    '/v1/activities/categories/bookable/:id',
    {
      schema: {
        tags: ['programmes'],
        params: z.object({ id: intId }),
        querystring: bookableCategoriesQuery,
        response: { 200: envelope(category) },
      },
    },
    async (req) => ({ data: await bookableCategory(ctx(req), req.query, req.params.id) }),
  );
  app.get(
    '/v1/activities/categories/bookable/:id/:childId',
    {
      schema: {
        tags: ['programmes'],
        params: z.object({ id: intId, childId: intId }),
        querystring: bookableCategoriesQuery,
        response: { 200: envelope(category) },
      },
    },
    async (req) => ({ data: await bookableCategory(ctx(req), req.query, req.params.id, req.params.childId) }),
  );
};
