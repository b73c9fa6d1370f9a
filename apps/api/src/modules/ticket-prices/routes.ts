import { envelope, ticketPrice, ticketPriceBody, ticketPriceParams } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authed } from '../../http/context';
import { ticketPriceFor } from './service';

export const ticketPriceRoutes: FastifyPluginAsyncZod = async (app) => {
  // Doc 1: POST /price/{venue}/ticket/{activityId}, under the activities base.
  app.post(
    '/activities/price/:venue/ticket/:activityId',
    { schema: { tags: ['ticket-prices'], params: ticketPriceParams, body: ticketPriceBody, response: { 200: envelope(ticketPrice) } } },
    async (req) => ({ data: await ticketPriceFor(authed(req), req.params.venue, req.params.activityId, req.body) }),
  );
};
