import { calendarFeed, calendarFeedUrl, envelope, intId } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authed, ctx } from '../../http/context';
import { linkOrigin } from '../../http/link-origin';
import { notFound } from '../../lib/errors';
import { bookingIcs, feedIcs, feedStatus, removeFeed, resetFeed } from './service';

const tags = ['calendar'];
const ics = 'text/calendar; charset=utf-8';

/** Add to calendar (decisions 107 and 108): one booking's .ics, and the customer's private calendar feed. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/my-account/bookings/:bookingId/calendar.ics',
    { schema: { tags, params: z.object({ bookingId: intId }) } },
    async (req, reply) => {
      const body = await bookingIcs(authed(req), req.params.bookingId);
      return reply
        .type(ics)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="booking-${req.params.bookingId}.ics"`)
        .send(body);
    },
  );

  app.get('/my-account/calendar-feed', { schema: { tags, response: { 200: envelope(calendarFeed) } } }, async (req) => ({
    data: await feedStatus(authed(req)),
  }));

  app.post('/my-account/calendar-feed', { schema: { tags, response: { 201: envelope(calendarFeedUrl) } } }, async (req, reply) =>
    reply.status(201).send({ data: await resetFeed(authed(req), linkOrigin(req)) }),
  );

  app.delete('/my-account/calendar-feed', { schema: { tags, response: { 200: envelope(z.null()) } } }, async (req) => {
    await removeFeed(authed(req));
    return { data: null };
  });

  // No login: calendar apps fetch it on their own. The secret in the path is the key; the client is the host's.
  app.get(
    '/calendar-feeds/:file',
    { schema: { tags, params: z.object({ file: z.string().max(100) }) }, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const secret = /^([\w-]{20,80})\.ics$/.exec(req.params.file)?.[1];
      if (!secret) throw notFound();
      const body = await feedIcs(ctx(req), secret);
      return reply.type(ics).header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer').send(body);
    },
  );
};
