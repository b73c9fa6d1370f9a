import {
  authoriseBody,
  authoriseResult,
  completeBody,
  completeResult,
  envelope,
  paymentSession,
  prepareQuery,
  savedCardList,
  savedCardParams,
  scaCompletionBody,
  scaCompletionResult,
  sessionCompleteBody,
  sessionPaymentBody,
  sessionPrepareBody,
  transactionParams,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authed } from '../../http/context';
import { AppError } from '../../lib/errors';
import { staffOrCustomer } from '../staff/guard';
import { completePayment } from './complete';
import { listSavedCards, removeSavedCard } from './saved-cards';
import { completeSca } from './sca';
import { authorise, prepare, type RequestInfo } from './service';
import { itemHashOfSession } from './session';

const idempotencyKeyOf = (header: string | string[] | undefined): string | undefined => {
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.length <= 128 ? value : undefined;
};

/** The request as providers need it: this site's origin for their return addresses, the browser for 3-D Secure. */
const requestInfo = (req: FastifyRequest): RequestInfo => ({
  origin: `${req.protocol}://${req.host}`,
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? ''),
  accept: String(req.headers.accept ?? ''),
});

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/checkout/prepare',
    { schema: { tags: ['checkout'], querystring: prepareQuery, response: { 200: envelope(paymentSession) } } },
    async (req) => ({ data: await prepare(authed(req), req.query, requestInfo(req)) }),
  );

  // The customer's saved cards (decision 220): listed, and removed one by one; only ever the caller's own.
  app.get('/checkout/saved-cards', { schema: { tags: ['checkout'], response: { 200: envelope(savedCardList) } } }, async (req) => ({
    data: await listSavedCards(authed(req)),
  }));

  app.delete('/checkout/saved-cards/:savedCardId', { schema: { tags: ['checkout'], params: savedCardParams } }, async (req, reply) => {
    await removeSavedCard(authed(req), req.params.savedCardId);
    return reply.code(204).send();
  });

  app.post(
    '/checkout/authorise',
    { schema: { tags: ['checkout'], body: authoriseBody, response: { 200: envelope(authoriseResult) } } },
    async (req) => ({
      data: await authorise(authed(req), {
        body: req.body,
        sessionKey: req.body.session_key,
        idempotencyKey: idempotencyKeyOf(req.headers['idempotency-key']),
        request: requestInfo(req),
      }),
    }),
  );

  app.post(
    '/checkout/complete',
    { schema: { tags: ['checkout'], body: completeBody, response: { 200: envelope(completeResult) } } },
    async (req) => {
      const done = await completePayment(authed(req), {
        transactionUuid: req.body.transaction_uuid,
        itemHash: req.body.item_hash,
        terms: req.body.terms,
        selectedUserId: req.body.selected_user_id,
        completedWaivers: req.body.completed_waivers,
      });
      return { data: done.result, message: done.message };
    },
  );

  // The newer session calls (document 1, section 7), on the checkout base.
  app.post(
    '/checkout/session/prepare',
    { schema: { tags: ['checkout'], body: sessionPrepareBody, response: { 200: envelope(paymentSession) } } },
    async (req) => ({ data: await prepare(authed(req), req.body, requestInfo(req), 'session') }),
  );

  app.post(
    '/checkout/session/payment',
    { schema: { tags: ['checkout'], body: sessionPaymentBody, response: { 200: envelope(authoriseResult) } } },
    async (req) => {
      const c = authed(req);
      const sessionKey = req.body.payment_session_id;
      const itemHash = await itemHashOfSession(c, sessionKey, req.body.selected_user_id);
      try {
        return {
          data: await authorise(c, {
            body: { ...req.body, item_hash: itemHash, session_key: sessionKey },
            sessionKey,
            idempotencyKey: idempotencyKeyOf(req.headers['idempotency-key']),
            request: requestInfo(req),
          }),
        };
      } catch (err) {
        // This call's answer is a transactionUuid (doc 1, section 7): when none could be made for it (the same
        // payment is still in flight elsewhere), the spec's words are 'Failed to create transaction'.
        if (err instanceof AppError && err.code === 'transaction_not_authorised') throw new AppError('create_transaction_failed');
        throw err;
      }
    },
  );

  app.post(
    '/checkout/session/complete/:transactionId',
    { schema: { tags: ['checkout'], params: transactionParams, body: sessionCompleteBody, response: { 200: envelope(completeResult) } } },
    async (req) => {
      const done = await completePayment(authed(req), {
        transactionUuid: req.params.transactionId,
        itemHash: undefined,
        terms: req.body.terms,
        selectedUserId: req.body.selected_user_id,
        completedWaivers: req.body.completed_waivers,
      });
      return { data: done.result, message: done.message };
    },
  );

  app.post(
    '/payment-providers/sca-completion/:transactionId',
    {
      schema: { tags: ['checkout'], params: transactionParams, body: scaCompletionBody, response: { 200: envelope(scaCompletionResult) } },
    },
    // Staff finish a desk payment's challenge only with a role here (decision 232).
    async (req) => ({ data: await completeSca(await staffOrCustomer(req), req.params.transactionId, req.body.sca_result) }),
  );
};
