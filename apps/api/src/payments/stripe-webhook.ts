import { checkoutMessages } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { applyProviderEvent } from '../modules/checkout/provider-events';
import { providerEventOf, stripeClient } from './providers/stripe';

/**
 * Stripe's webhooks, outside /api (Stripe names no client; the transaction does). The body is read raw so its
 * signature can be checked with stripe.webhooks.constructEvent; an event that fails the check changes nothing.
 * The route only verifies and parses: providerEventOf says what the event means for the checkout, and
 * applyProviderEvent changes the transaction.
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
    const providerEvent = providerEventOf(event);
    if (providerEvent) await applyProviderEvent(app.deps.db, 'stripe', providerEvent, app.deps.clock.now());
    return reply.send({ received: true });
  });
};
