import { envelope, intId, order } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authed } from '../../http/context';
import { orderFor } from './service';

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:orderId',
    { schema: { tags: ['orders'], params: z.object({ orderId: intId }), response: { 200: envelope(order) } } },
    async (req) => ({ data: await orderFor(authed(req), req.params.orderId) }),
  );
};
