import { envelope, venue, venueParams, venueSearchQuery, venueSearchResult } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctx } from '../../http/context';
import { requireVenue, searchVenues, toVenue, venues } from './service';

export const venueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/activities/venues', { schema: { tags: ['venues'], response: { 200: envelope(z.array(venue)) } } }, async (req) => ({
    data: await venues(ctx(req)),
  }));

  app.get(
    '/activities/venues/search',
    { schema: { tags: ['venues'], querystring: venueSearchQuery, response: { 200: envelope(venueSearchResult) } } },
    async (req) => ({
      data: await searchVenues(ctx(req), req.query),
    }),
  );

  app.get(
    '/activities/venues/:venueIdentifier',
    { schema: { tags: ['venues'], params: venueParams, response: { 200: envelope(venue) } } },
    async (req) => {
      const c = ctx(req);
      return { data: toVenue(await requireVenue(c, req.params.venueIdentifier), c.clock.now()) };
    },
  );
};
