import { checkoutMessages, paymentMessages } from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { paymentTransactions } from '../db/schema';
import { stripeClient } from './providers/stripe';

/**
 * Stripe's webhooks, outside /api (Stripe names no client; the transaction does). The body is read raw so its
 * signature can be checked with stripe.webhooks.constructEvent; an event that fails the check changes nothing.
 * Events normalise to the transaction's states: a PaymentIntent that became capturable is authorised (3-D Secure
 * passed while the customer was away), one that failed is failed. Capture stays with completion.
 */
export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.post('/stripe/webhook', { schema: { hide: true }, logLevel: 'warn' }, async (req, reply) => {
    const cfg = app.deps.config.stripe;
    if (!cfg?.webhookSecret) return reply.status(404).send({ message: 'Not found', code: 'not_found' });
    const signature = req.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      event = stripeClient(cfg).webhooks.constructEvent(req.body as Buffer, String(signature ?? ''), cfg.webhookSecret);
    } catch {
      return reply.status(400).send({ message: checkoutMessages.webhookSignature, code: 'webhook_signature' });
    }
    const { db, clock } = app.deps;
    if (event.type === 'payment_intent.amount_capturable_updated' || event.type === 'payment_intent.payment_failed') {
      const pi = event.data.object as Stripe.PaymentIntent;
      const waiting = and(
        eq(paymentTransactions.provider, 'stripe'),
        eq(paymentTransactions.providerReference, pi.id),
        inArray(paymentTransactions.status, ['pending', 'sca_required']),
      );
      await db
        .update(paymentTransactions)
        .set(
          event.type === 'payment_intent.payment_failed'
            ? {
                status: 'failed',
                errorCode: pi.last_payment_error?.code ?? 'payment_declined',
                errorMessage: paymentMessages.declined,
                result: null,
                updatedAt: clock.now(),
              }
            : { status: 'authorised', result: null, updatedAt: clock.now() },
        )
        .where(waiting);
    }
    return reply.send({ received: true });
  });
};
