import { checkoutMessages, hasControlCharacters } from '@app/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { stripeConfig } from '../config';
import { applyProviderEvent } from '../modules/checkout/provider-events';
import { clientIdOf } from './provider-callbacks';
import { providerEventOf, type StripeConfig, stripeClient } from './providers/stripe';

/**
 * Stripe's webhooks, outside /api. Two addresses: `/stripe/webhook` for the deployment's own Stripe account
 * (STRIPE_WEBHOOK_SECRET), and `/stripe/webhook/{client}` for a client with a Stripe account of its own in
 * PAYMENT_SETTINGS (decision 110), checked with that client's webhook secret, so one client's secret never vouches for
 * another's events (decision 140). The body is read raw so its signature can be checked with
 * stripe.webhooks.constructEvent; an event that fails the check changes nothing. The route only verifies and parses:
 * providerEventOf says what the event means for the checkout, and applyProviderEvent changes the transaction (only one
 * still waiting on Stripe, so a repeated event changes nothing).
 */
/**
 * A verified body is Stripe's, but its shape is checked before the adapter reads it: a body that is not an event about
 * a PaymentIntent with a plausible id (null, a list, no data, a numeric or junk id) is one the checkout does not act
 * on. It is acknowledged like any event of no interest, never a 500 that Stripe would retry for days.
 */
function isPaymentIntentEvent(event: unknown): event is Stripe.Event {
  const e = event as { type?: unknown; data?: { object?: { id?: unknown } | null } | null } | null;
  const id = e?.data?.object?.id;
  return typeof e?.type === 'string' && typeof id === 'string' && id.length > 0 && id.length <= 255 && !hasControlCharacters(id);
}

export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  const notFound = { message: 'Not found', code: 'not_found' };

  const receive = async (req: FastifyRequest, reply: FastifyReply, cfg: StripeConfig | null, clientId?: number) => {
    if (!cfg?.webhookSecret) return reply.status(404).send(notFound);
    const signature = req.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      event = stripeClient(cfg).webhooks.constructEvent(req.body as Buffer, String(signature ?? ''), cfg.webhookSecret);
    } catch {
      return reply.status(400).send({ message: checkoutMessages.webhookSignature, code: 'webhook_signature' });
    }
    const providerEvent = isPaymentIntentEvent(event) ? providerEventOf(event) : null;
    if (providerEvent) await applyProviderEvent(app.deps.db, 'stripe', providerEvent, app.deps.clock.now(), clientId);
    return reply.send({ received: true });
  };

  app.post('/stripe/webhook', { schema: { hide: true }, logLevel: 'warn' }, (req, reply) => receive(req, reply, app.deps.config.stripe));

  app.post<{ Params: { client: string } }>('/stripe/webhook/:client', { schema: { hide: true }, logLevel: 'warn' }, async (req, reply) => {
    const own = app.deps.providers.settingsOf(req.params.client, 'stripe');
    const clientId = own?.provider === 'stripe' ? await clientIdOf(app.deps.db, req.params.client) : null;
    if (own?.provider !== 'stripe' || clientId === null) return reply.status(404).send(notFound);
    return receive(req, reply, stripeConfig(own.secretKey, own.publishableKey, own.webhookSecret, own.apiUrl), clientId);
  });
};
