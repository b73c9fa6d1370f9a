import { envelope, venue } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctx } from '../../http/context';
import { notFound } from '../../lib/errors';
import { venues } from '../venues/service';

/**
 * Doc 1: GET venues/online-joining (base API, the online-joining variant): the venues a membership bought online can
 * have as its home venue, for the joining pages. Public like the venues list; 404 where the client has no online
 * joining, like its plans.
 */
export const onlineJoiningVenueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/venues/online-joining', { schema: { tags: ['memberships'], response: { 200: envelope(z.array(venue)) } } }, async (req) => {
    const c = ctx(req);
    if (!c.client.features.onlineJoiningEnabled) throw notFound();
    return { data: await venues(c) };
  });
};
