import { checkoutMessages, fieldErrors, paymentMessages, sandboxCardBody, sandboxCardResult } from '@app/contracts';
import { cardBrand } from '@app/domain';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentSessions, sandboxCardTokens } from '../db/schema';
import { randomId } from '../lib/ids';
import { cardExpired, sandboxBehaviour } from './providers/sandbox-cards';

/**
 * The sandbox provider's side of the card boundary. The browser posts card details here, the way it would post
 * them to Opayo or Stripe; what is kept is a single-use identifier, the test card's behaviour and the last four
 * digits. Nothing here logs a body, and errors never echo the number.
 */
export const sandboxProviderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/card-identifiers',
    {
      logLevel: 'warn',
      schema: {
        hide: true,
        body: sandboxCardBody,
        response: { 201: sandboxCardResult, 422: z.object({ message: z.string(), code: z.string(), errors: fieldErrors }) },
      },
    },
    async (req, reply) => {
      const { db, clock } = app.deps;
      const now = clock.now();
      const body = req.body;
      const [session] = await db
        .select({ key: paymentSessions.key })
        .from(paymentSessions)
        .where(and(eq(paymentSessions.key, body.session_key), gt(paymentSessions.expiresAt, now)));
      const refuse = (field: string, message: string) =>
        reply.status(422).send({ message, code: 'validation_failed', errors: { [field]: [message] } });
      if (!session) return refuse('session_key', paymentMessages.sessionIdNotFound);
      const behaviour = sandboxBehaviour(body.card_number);
      if (behaviour === 'invalid') return refuse('card_number', checkoutMessages.cardNumberInvalid);
      if (cardExpired(body.expiry, now)) return refuse('expiry', checkoutMessages.cardExpired);
      const digits = body.card_number.replace(/\s+/g, '');
      const identifier = randomId('card_', 24);
      await db.insert(sandboxCardTokens).values({
        identifier,
        sessionKey: body.session_key,
        behaviour,
        last4: digits.slice(-4),
        brand: cardBrand(digits),
        expiry: `${body.expiry.slice(0, 2)}/${body.expiry.slice(-2)}`,
        createdAt: now,
      });
      return reply.status(201).send({ card_identifier: identifier, last4: digits.slice(-4), brand: cardBrand(digits) });
    },
  );
};
