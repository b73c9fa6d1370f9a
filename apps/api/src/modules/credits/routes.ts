import { cart, creditApplyBody, envelope, toastMessages } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authed } from '../../http/context';
import { applyCredit } from './service';

export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/credits/apply', { schema: { tags: ['credits'], body: creditApplyBody, response: { 200: envelope(cart) } } }, async (req) => ({
    data: await applyCredit(authed(req), req.body),
    message: toastMessages.creditApplied,
  }));
};
