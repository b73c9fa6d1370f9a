import { completeResult, envelope, fohPayBody } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoleHere } from '../staff/guard';
import { fohPay } from './service';

/** The front-of-house base (/api/foh/): its own pay endpoint, for staff holding a desk role here (decision 161). */
export const fohRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/foh/checkout/pay',
    { schema: { tags: ['front of house'], body: fohPayBody, response: { 200: envelope(completeResult) } } },
    async (req) => {
      // Staff with a role at this client only (decision 125); the payment is audited in its transaction (service.ts).
      const done = await fohPay(await staffRoleHere(req), req.body);
      return { data: done.result, message: done.message };
    },
  );
};
