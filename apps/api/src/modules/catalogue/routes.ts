import { category, envelope, venueCategoriesParams, venueCategoryParams } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctx } from '../../http/context';
import { venueCategories, venueCategory } from './service';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/activities/venue/:venue/categories',
    { schema: { tags: ['catalogue'], params: venueCategoriesParams, response: { 200: envelope(z.array(category)) } } },
    async (req) => ({ data: await venueCategories(ctx(req), req.params.venue) }),
  );

  app.get(
    '/activities/venue/:venue/categories/:activitySlug',
    { schema: { tags: ['catalogue'], params: venueCategoryParams, response: { 200: envelope(category) } } },
    async (req) => ({ data: await venueCategory(ctx(req), req.params.venue, req.params.activitySlug) }),
  );
};
