import {
  bookableCategoriesQuery,
  category,
  envelope,
  intId,
  listMeta,
  programme,
  programmeListQuery,
  programmeQuery,
  restriction,
  restrictionListQuery,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctx, staff } from '../../http/context';
import { bookableCategory, bookableCategoryList, listProgrammes, listRestrictions, oneProgramme, oneRestriction } from './service';

const page = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: listMeta });
const slugParams = z.object({ id: z.string().min(1).max(255) });

export const programmeRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ['courses', 'camps'] as const) {
    app.get(
      `/v1/activities/${kind}`,
      { schema: { tags: ['programmes'], querystring: programmeListQuery, response: { 200: page(programme) } } },
      async (req) => listProgrammes(ctx(req), kind, req.query),
    );
    app.get(
      `/v1/activities/${kind}/:id`,
      { schema: { tags: ['programmes'], params: slugParams, querystring: programmeQuery, response: { 200: envelope(programme) } } },
      async (req) => ({ data: await oneProgramme(ctx(req), kind, req.params.id) }),
    );
  }

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

  app.get(
    '/v1/activities/restrictions',
    { schema: { tags: ['programmes'], querystring: restrictionListQuery, response: { 200: page(restriction) } } },
    async (req) => listRestrictions(staff(req), req.query),
  );
  // A waiver's terms are shown to the customer who must agree to them, so one restriction is public.
  app.get(
    '/v1/activities/restrictions/:id',
    { schema: { tags: ['programmes'], params: z.object({ id: intId }), response: { 200: envelope(restriction) } } },
    async (req) => ({
      data: await oneRestriction(ctx(req), req.params.id),
    }),
  );
};
