import {
  authoriseBody,
  authoriseResult,
  completeBody,
  completeResult,
  envelope,
  paymentSession,
  prepareQuery,
  toastMessages,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authed } from '../../http/context';
import { authorise, complete, prepare } from './service';

const idempotencyKeyOf = (header: string | string[] | undefined): string | undefined => {
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.length <= 128 ? value : undefined;
};

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/checkout/prepare',
    { schema: { tags: ['checkout'], querystring: prepareQuery, response: { 200: envelope(paymentSession) } } },
    async (req) => ({
      data: await prepare(authed(req), req.query),
    }),
  );

  app.post(
    '/checkout/authorise',
    { schema: { tags: ['checkout'], body: authoriseBody, response: { 200: envelope(authoriseResult) } } },
    async (req) => ({
      data: await authorise(authed(req), req.body, idempotencyKeyOf(req.headers['idempotency-key'])),
    }),
  );

  app.post(
    '/checkout/complete',
    { schema: { tags: ['checkout'], body: completeBody, response: { 200: envelope(completeResult) } } },
    async (req) => ({
      data: await complete(authed(req), req.body),
      message: toastMessages.orderCompleted,
    }),
  );
};
