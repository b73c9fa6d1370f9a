import { closeTillBody, createTillBody, envelope, openTillBody, tillMessages, tillParams, tillsQuery, tillView } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyStaffRole, managers, staffWith } from './guard';
import { closeTill, createTill, openTill, tillOf, tillsAt } from './tills';

const tags = ['staff'];

/** Tills (decision 161): the front desk opens and closes them; managers add them. Every route through staffWith. */
export const tillRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/staff/tills', { schema: { tags, querystring: tillsQuery, response: { 200: envelope(z.array(tillView)) } } }, async (req) => ({
    data: await tillsAt(await staffWith(req, anyStaffRole), req.query.venue_id),
  }));
  app.post('/staff/tills', { schema: { tags, body: createTillBody, response: { 200: envelope(tillView) } } }, async (req) => ({
    data: await createTill(await staffWith(req, managers), req.body),
  }));
  app.get('/staff/tills/:tillId', { schema: { tags, params: tillParams, response: { 200: envelope(tillView) } } }, async (req) => ({
    data: await tillOf(await staffWith(req, anyStaffRole), req.params.tillId),
  }));
  app.post(
    '/staff/tills/:tillId/open',
    { schema: { tags, params: tillParams, body: openTillBody, response: { 200: envelope(tillView) } } },
    async (req) => ({
      data: await openTill(await staffWith(req, anyStaffRole), req.params.tillId, req.body.float),
      message: tillMessages.opened,
    }),
  );
  app.post(
    '/staff/tills/:tillId/close',
    { schema: { tags, params: tillParams, body: closeTillBody, response: { 200: envelope(tillView) } } },
    async (req) => ({
      data: await closeTill(await staffWith(req, anyStaffRole), req.params.tillId, req.body.counted),
      message: tillMessages.closed,
    }),
  );
};
