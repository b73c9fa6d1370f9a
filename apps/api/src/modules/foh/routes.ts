import { completeResult, envelope, fohPayBody } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staff } from '../../http/context';
import { fohPay } from './service';

/** The front-of-house base (/api/foh/): its own pay endpoint, staff only. */
export const fohRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/foh/checkout/pay',
    { schema: { tags: ['front of house'], body: fohPayBody, response: { 200: envelope(completeResult) } } },
    async (req) => {
      const done = await fohPay(staff(req), req.body);
      return { data: done.result, message: done.message };
    },
  );
};
