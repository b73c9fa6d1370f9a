import { paymentMessages } from '@app/contracts';
import Stripe from 'stripe';
import {
  type AuthoriseOutcome,
  type CaptureOutcome,
  type PaymentLookup,
  type PaymentProvider,
  type ProviderEvent,
  ProviderUnavailable,
  type RefundOutcome,
  type ScaOutcome,
} from './types';

/** No answer came back (network, timeout): whatever was asked may or may not have happened. */
const isConnectionError = (err: unknown): boolean => err instanceof Stripe.errors.StripeConnectionError;

export interface StripeConfig {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string | null;
  /** Where the API is; only set to point the SDK at a local fake in tests. */
  host?: string | undefined;
  port?: number | undefined;
  protocol?: 'http' | 'https' | undefined;
  /** Stripe.js, which the browser loads for the Payment Element (a local fake in the e2e suite). */
  scriptUrl?: string | undefined;
  /** How long one call may take before its outcome counts as unknown (20 seconds unless the client's settings say). */
  timeoutMs?: number | undefined;
}

export const stripeClient = (cfg: StripeConfig): Stripe =>
  new Stripe(cfg.secretKey, {
    maxNetworkRetries: 1,
    timeout: cfg.timeoutMs ?? 20_000,
    telemetry: false,
    ...(cfg.host ? { host: cfg.host } : {}),
    ...(cfg.port ? { port: cfg.port } : {}),
    ...(cfg.protocol ? { protocol: cfg.protocol } : {}),
  });

const cardOf = (pi: Stripe.PaymentIntent) => {
  const charge = pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  return { last4: card?.last4 ?? null, brand: card?.brand ?? null };
};

/**
 * Stripe wants an absolute return_url (it refuses a path); ours is the checkout's path on the origin the customer came
 * from. Without an origin (a call made outside a request) there is no address to come back to.
 */
export function absoluteReturnUrl(returnUrl: string, origin: string): string | null {
  try {
    const url = new URL(returnUrl, origin || undefined);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * A PaymentIntent's state in the checkout's words. Confirmed with use_stripe_sdk, a PaymentIntent that needs the
 * customer has next_action `use_stripe_sdk`: Stripe.js's handleNextAction runs the challenge (in the page, or by
 * sending the browser away and back to the return address); the browser gets the client secret for it. Without it
 * (or for a method that needs a redirect) next_action is `redirect_to_url`, whose url is the page to go to.
 */
export function outcomeOf(pi: Stripe.PaymentIntent, returnUrl: string): AuthoriseOutcome {
  if (pi.status === 'requires_capture' || pi.status === 'succeeded') return { status: 'authorised', reference: pi.id, ...cardOf(pi) };
  if (pi.status === 'requires_action') {
    const url = pi.next_action?.redirect_to_url?.url ?? null;
    return {
      status: 'sca_required',
      reference: pi.id,
      scaUrl: url ?? returnUrl,
      scaMethod: 'GET',
      scaData: {},
      clientSecret: pi.client_secret,
    };
  }
  const code = pi.last_payment_error?.decline_code ?? pi.last_payment_error?.code ?? 'payment_declined';
  return { status: 'declined', code, message: paymentMessages.declined, ...cardOf(pi) };
}

/**
 * A verified webhook event in the checkout's words: a PaymentIntent that became capturable is authorised, one that
 * failed is failed; any other event says nothing the checkout acts on (capture stays with completion).
 */
export function providerEventOf(event: Stripe.Event): ProviderEvent | null {
  if (event.type === 'payment_intent.amount_capturable_updated') return { reference: event.data.object.id, status: 'authorised' };
  if (event.type === 'payment_intent.payment_failed') {
    const pi = event.data.object;
    return { reference: pi.id, status: 'failed', code: pi.last_payment_error?.code ?? 'payment_declined' };
  }
  return null;
}

/**
 * Stripe through its official SDK: PaymentIntents with manual capture, so money moves only when the order completes
 * (capture, with the transaction as idempotency key; refunds with our refund id as theirs, so a repeat replays
 * Stripe's first answer) and 3-D Secure is Stripe's redirect. A retrieved PaymentIntent (amount_received, and its
 * latest charge's amount_refunded) is the truth reconciliation goes by. Card details go from the
 * browser to Stripe.js; this side only sees a PaymentMethod id. Webhooks are checked in stripe-webhook.ts.
 */
export function stripeProvider(cfg: StripeConfig): PaymentProvider {
  const stripe = stripeClient(cfg);
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) throw err;
      throw new ProviderUnavailable(err instanceof Error ? err.message : 'stripe failed', { cause: err });
    }
  };
  /** A PaymentIntent's money as Stripe's own record has it (the charge carries what was refunded). */
  const lookupIntent = async (reference: string): Promise<PaymentLookup> => {
    let pi: Stripe.PaymentIntent;
    try {
      pi = await guard(() => stripe.paymentIntents.retrieve(reference, { expand: ['latest_charge'] }));
    } catch (err) {
      if (
        err instanceof ProviderUnavailable &&
        err.cause instanceof Stripe.errors.StripeInvalidRequestError &&
        err.cause.code === 'resource_missing'
      ) {
        return { status: 'not_found', captured: 0, refunded: 0 };
      }
      throw err;
    }
    const charge = pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
    switch (pi.status) {
      case 'succeeded':
        return { status: 'captured', captured: pi.amount_received, refunded: charge?.amount_refunded ?? 0 };
      case 'requires_capture':
        return { status: 'authorised', captured: 0, refunded: 0 };
      case 'canceled':
        return { status: 'released', captured: 0, refunded: 0 };
      case 'processing':
        throw new ProviderUnavailable('stripe is still processing the payment');
      default:
        return { status: 'failed', captured: 0, refunded: 0 };
    }
  };
  return {
    name: 'stripe',
    async prepare() {
      return {
        url: cfg.scriptUrl ?? 'https://js.stripe.com/v3/',
        clientSecret: null,
        mode: cfg.secretKey.startsWith('sk_live') ? 'live' : 'test',
        publicKey: cfg.publishableKey,
      };
    },
    async authorise(input) {
      // A saved card is the customer's PaymentMethod, used with the Customer it is attached to (Stripe refuses it
      // otherwise); a new card the customer asked to keep is attached to their Customer once confirmed
      // (setup_future_usage on_session: it is only ever used again with the customer at the checkout).
      const paymentMethod = input.savedReference ?? input.paymentMethodId;
      if (!paymentMethod || (input.savedReference && !input.customer))
        return { status: 'declined', code: 'payment_method_missing', message: paymentMessages.declined, last4: null, brand: null };
      const keeping = input.savedReference
        ? { customer: input.customer as string }
        : input.saveCard && input.customer
          ? { customer: input.customer, setup_future_usage: 'on_session' as const }
          : {};
      const returnUrl = absoluteReturnUrl(input.returnUrl, input.origin);
      if (!returnUrl) throw new ProviderUnavailable('stripe needs an absolute return_url and this request has no origin');
      try {
        const pi = await guard(() =>
          stripe.paymentIntents.create(
            {
              amount: input.amount,
              currency: input.currency.toLowerCase(),
              payment_method: paymentMethod,
              ...keeping,
              capture_method: 'manual',
              confirm: true,
              // Stripe.js (handleNextAction) runs any 3-D Secure step; where it must leave the page, it comes back here.
              use_stripe_sdk: true,
              return_url: returnUrl,
              metadata: { transaction_uuid: input.transactionUuid },
            },
            { idempotencyKey: `authorise-${input.transactionUuid}` },
          ),
        );
        return outcomeOf(pi, returnUrl);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) {
          return {
            status: 'declined',
            code: err.decline_code ?? err.code ?? 'payment_declined',
            message: paymentMessages.declined,
            last4: null,
            brand: null,
          };
        }
        throw err;
      }
    },
    async handleSca(input): Promise<ScaOutcome> {
      if (!input.reference) return { status: 'failed', code: 'three_d_secure_failed', message: paymentMessages.threeDSecureFailed };
      const pi = await guard(() => stripe.paymentIntents.retrieve(input.reference as string));
      return pi.status === 'requires_capture' || pi.status === 'succeeded'
        ? { status: 'authorised', reference: pi.id }
        : { status: 'failed', code: 'three_d_secure_failed', message: paymentMessages.threeDSecureFailed };
    },
    async capture(input): Promise<CaptureOutcome> {
      if (!input.reference) return { status: 'declined', message: paymentMessages.completeFailed };
      const reference = input.reference;
      try {
        const pi = await guard(() => stripe.paymentIntents.capture(reference, {}, { idempotencyKey: `capture-${input.transactionUuid}` }));
        if (pi.status === 'succeeded') return { status: 'captured', amount: pi.amount_received };
      } catch (err) {
        // Only an answer from Stripe is worth a second look; no answer means the outcome is unknown.
        if (!(err instanceof ProviderUnavailable) || !(err.cause instanceof Stripe.errors.StripeError) || isConnectionError(err.cause))
          throw err;
      }
      // Stripe refused or answered oddly (already captured, an idempotency key older than 24 hours, cancelled):
      // its record of the PaymentIntent says what really happened.
      const found = await lookupIntent(reference);
      if (found.status === 'captured') return { status: 'captured', amount: found.captured };
      if (found.status === 'authorised') throw new ProviderUnavailable('stripe did not capture a capturable payment');
      return { status: 'declined', message: paymentMessages.completeFailed };
    },
    async release(input) {
      if (!input.reference) return;
      const reference = input.reference;
      try {
        await guard(() => stripe.paymentIntents.cancel(reference, {}, { idempotencyKey: `release-${input.transactionUuid}` }));
        return { status: 'released', captured: 0, refunded: 0 };
      } catch (err) {
        // Only Stripe's refusal (already cancelled, already captured, or an idempotency key replaying an older
        // answer) is worth a second look; no answer means the outcome is unknown.
        if (!(err instanceof ProviderUnavailable) || !(err.cause instanceof Stripe.errors.StripeError) || isConnectionError(err.cause))
          throw err;
      }
      // Refused: the PaymentIntent's own record says whether it is let go, was taken meanwhile, or is still held.
      const found = await lookupIntent(reference);
      if (found.status === 'authorised') throw new ProviderUnavailable('stripe refused to cancel a capturable payment');
      return found;
    },
    async refund(input): Promise<RefundOutcome> {
      if (!input.reference) return { status: 'failed', message: paymentMessages.completeFailed };
      const reference = input.reference;
      try {
        const r = await guard(() =>
          stripe.refunds.create({ payment_intent: reference, amount: input.amount }, { idempotencyKey: `refund-${input.refundId}` }),
        );
        return r.status === 'failed' || r.status === 'canceled'
          ? { status: 'failed', message: paymentMessages.completeFailed }
          : { status: 'refunded', reference: r.id };
      } catch (err) {
        // Stripe's refusal (more than is left, nothing captured) is final; no answer is not.
        if (err instanceof ProviderUnavailable && err.cause instanceof Stripe.errors.StripeInvalidRequestError) {
          return { status: 'failed', message: err.cause.message };
        }
        throw err;
      }
    },
    lookup(input) {
      if (!input.reference) return Promise.resolve({ status: 'not_found', captured: 0, refunded: 0 });
      return lookupIntent(input.reference);
    },
    async createCustomer(input) {
      // Our ids in the metadata tie the Customer to its owner on Stripe's side too; the idempotency key keeps two
      // checkouts racing for the first save from making two (within Stripe's 24 hours; the loser's is never used).
      const customer = await guard(() =>
        stripe.customers.create(
          { metadata: { client_id: String(input.clientId), user_id: String(input.userId) } },
          { idempotencyKey: `customer-${input.clientId}-${input.userId}` },
        ),
      );
      return customer.id;
    },
    async saveCard(input) {
      // Kept only when Stripe attached the PaymentIntent's card to this customer's Customer (setup_future_usage did).
      if (!input.customer) return null;
      const pi = await guard(() => stripe.paymentIntents.retrieve(input.reference, { expand: ['payment_method'] }));
      const pm = pi.payment_method && typeof pi.payment_method === 'object' ? pi.payment_method : null;
      const customerOf = (c: string | Stripe.Customer | Stripe.DeletedCustomer | null) => (typeof c === 'string' ? c : (c?.id ?? null));
      if (!pm?.card || customerOf(pi.customer) !== input.customer || customerOf(pm.customer) !== input.customer) return null;
      return {
        reference: pm.id,
        last4: pm.card.last4,
        brand: pm.card.brand,
        expiry: `${String(pm.card.exp_month).padStart(2, '0')}/${String(pm.card.exp_year % 100).padStart(2, '0')}`,
      };
    },
    async removeCard(input) {
      try {
        await guard(() => stripe.paymentMethods.detach(input.reference));
      } catch (err) {
        // Detached already, or gone: removed as far as Stripe is concerned. Anything else (no answer) is unknown.
        if (err instanceof ProviderUnavailable && err.cause instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw err;
      }
    },
    async abandon(input) {
      // The PaymentIntent carries our transaction in its metadata: Stripe's search finds it without its id (its index
      // may lag a minute behind, hence the job's wait; decision 204). One still open is cancelled.
      const found = await guard(() =>
        stripe.paymentIntents.search({ query: `metadata['transaction_uuid']:'${input.transactionUuid.replace(/[^0-9a-f-]/gi, '')}'` }),
      );
      for (const pi of found.data) {
        if (pi.status === 'succeeded' || pi.status === 'canceled' || pi.status === 'processing') continue;
        await guard(() => stripe.paymentIntents.cancel(pi.id, {}, { idempotencyKey: `abandon-${input.transactionUuid}-${pi.id}` }));
      }
    },
  };
}
