import {
  category,
  categoryCreateBody,
  categoryListQuery,
  categoryUpdateBody,
  envelope,
  intId,
  venueCategoriesParams,
  venueCategoryParams,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctx } from '../../http/context';
import { fastResponse } from '../../http/fast-serializer';
import { anyStaffRole, staffWith } from '../staff/guard';
import { createCategory, deleteCategory, staffCategories, updateCategory } from './maintenance';
import { venueCategories, venueCategory } from './service';

const idParams = z.object({ id: intId });

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/activities/venue/:venue/categories',
    { schema: { tags: ['catalogue'], params: venueCategoriesParams, response: { 200: fastResponse(envelope(z.array(category))) } } },
    async (req) => ({ data: await venueCategories(ctx(req), req.params.venue) }),
  );

  app.get(
    '/activities/venue/:venue/categories/:activitySlug',
    { schema: { tags: ['catalogue'], params: venueCategoryParams, response: { 200: envelope(category) } } },
    async (req) => ({ data: await venueCategory(ctx(req), req.params.venue, req.params.activitySlug) }),
  );

  // Staff maintenance of the category tree (doc 2, category rules).
  app.get(
    '/v1/activities/categories',
    { schema: { tags: ['catalogue'], querystring: categoryListQuery, response: { 200: envelope(z.array(category)) } } },
    async (req) => ({
      data: await staffCategories(await staffWith(req, anyStaffRole), {
        ...(req.query.search ? { search: req.query.search } : {}),
        ...(req.query.booking_type ? { booking_type: req.query.booking_type } : {}),
        withUsage: req.query.with_usage_checks === 'true' || req.query.with_usage_checks === '1',
      }),
    }),
  );

  app.post(
    '/v1/activities/categories',
    { schema: { tags: ['catalogue'], body: categoryCreateBody, response: { 201: envelope(category) } } },
    async (req, reply) => reply.status(201).send({ data: await createCategory(await staffWith(req, anyStaffRole), req.body) }),
  );

  app.patch(
    '/v1/activities/categories/:id',
    { schema: { tags: ['catalogue'], params: idParams, body: categoryUpdateBody, response: { 200: envelope(category) } } },
    async (req) => ({ data: await updateCategory(await staffWith(req, anyStaffRole), req.params.id, req.body) }),
  );

  app.delete(
    '/v1/activities/categories/:id',
    { schema: { tags: ['catalogue'], params: idParams, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await deleteCategory(await staffWith(req, anyStaffRole), req.params.id);
      return { data: null };
    },
  );
};
