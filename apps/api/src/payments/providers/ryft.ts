import { createHmac, timingSafeEqual } from 'node:crypto';
import { paymentMessages } from '@app/contracts';
import type { RyftSettings } from '../settings';
import { callProvider, type HttpAnswer, joinUrl } from './http';
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

/** A Ryft payment session, the fields the checkout reads. */
interface RyftSession {
  id?: string;
  clientSecret?: string;
  amount?: number;
  currency?: string;
  status?: string;
  refundedAmount?: number;
  lastError?: string | null;
  requiredAction?: { type?: string; url?: string } | null;
  paymentMethod?: { card?: { scheme?: string; last4?: string }; tokenizedDetails?: { id?: string; stored?: boolean } } | null;
  customerDetails?: { id?: string } | null;
}

/** A payment method stored on a Ryft customer (customerGetPaymentMethods), the fields a saved card shows. */
interface RyftStoredMethod {
  id?: string;
  customerId?: string | null;
  card?: { scheme?: string; last4?: string; expiryMonth?: string; expiryYear?: string } | null;
}

interface RyftTransaction {
  id?: string;
  type?: string;
  status?: string;
  amount?: number;
}

const cardOf = (s: RyftSession) => ({ last4: s.paymentMethod?.card?.last4 ?? null, brand: s.paymentMethod?.card?.scheme ?? null });

const threeDSecureFailed = (s: RyftSession) => /three_?d|3ds|authentication/i.test(s.lastError ?? '');

/** Ryft signs a webhook's raw body with the webhook secret (HMAC-SHA256, hex) in the Signature header. */
export function verifyRyftSignature(secret: string, rawBody: Buffer, signature: string): boolean {
  const expected = Buffer.from(createHmac('sha256', secret).update(rawBody).digest('hex'));
  const given = Buffer.from(signature.trim().toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * A verified Ryft event in the checkout's words: a session approved (3-D Secure passed meanwhile) or declined. Total
 * over any JSON: a signed body of an unexpected shape (null, an array, a numeric id) is an event we do not act on, not
 * a 500 that Ryft would retry for days.
 */
export function ryftEventOf(event: unknown): ProviderEvent | null {
  const record = (value: unknown): Record<string, unknown> | null =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  const data = record(record(event)?.data);
  const reference = data?.id;
  if (typeof reference !== 'string' || reference === '') return null;
  const eventType = record(event)?.eventType;
  if (eventType === 'PaymentSession.approved') return { reference, status: 'authorised' };
  if (eventType === 'PaymentSession.declined')
    return { reference, status: 'failed', code: typeof data?.lastError === 'string' ? data.lastError : 'payment_declined' };
  return null;
}

/**
 * Ryft (REST, decision 111). Prepare creates a payment session with manual capture; its id becomes the checkout's
 * session key and its clientSecret goes to the browser, where Ryft's embedded SDK takes the card and attempts the
 * payment (3-D Secure included, in Ryft's own frame). The browser then sends the session id as the card identifier,
 * and authorise reads the session from Ryft: approved for our amount means authorised; what the browser says is never
 * taken. Capture, void and refunds are the session's captures, voids and refunds. Ryft documents no idempotency key,
 * so repeats are made safe by reading the session first (decision 202).
 */
export function ryftProvider(settings: RyftSettings): PaymentProvider {
  const headers: Record<string, string> = {
    authorization: settings.secretKey,
    ...(settings.accountId ? { account: settings.accountId } : {}),
  };
  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<HttpAnswer> =>
    callProvider(method, joinUrl(settings.apiUrl, path), { headers, body, timeoutMs: settings.timeoutMs });
  /** Ryft's attempt-payment is made with the public key (it is the browser's call when the card is new). */
  const publicCall = (path: string, body: unknown): Promise<HttpAnswer> =>
    callProvider('POST', joinUrl(settings.apiUrl, path), {
      headers: { authorization: settings.publicKey, ...(settings.accountId ? { account: settings.accountId } : {}) },
      body,
      timeoutMs: settings.timeoutMs,
    });
  const ok = (a: HttpAnswer) => a.status >= 200 && a.status < 300;
  const path = (id: string) => `/payment-sessions/${encodeURIComponent(id)}`;

  const session = async (id: string): Promise<RyftSession | null> => {
    const a = await call('GET', path(id));
    if (a.status === 404) return null;
    if (!ok(a)) throw new ProviderUnavailable(`ryft answered ${a.status}`);
    return a.body as RyftSession;
  };

  const lookup = async (id: string): Promise<PaymentLookup> => {
    const s = await session(id);
    if (!s) return { status: 'not_found', captured: 0, refunded: 0 };
    const refunded = s.refundedAmount ?? 0;
    switch (s.status) {
      case 'Captured':
      case 'Refunded':
      case 'PartiallyRefunded': {
        const a = await call('GET', `${path(id)}/transactions`);
        const items = ((a.body as { items?: RyftTransaction[] } | null)?.items ?? []).filter((t) => t.status === 'Approved');
        const captured = items.filter((t) => t.type === 'Capture').reduce((sum, t) => sum + (t.amount ?? 0), 0) || (s.amount ?? 0);
        return { status: 'captured', captured, refunded };
      }
      case 'Approved':
        return { status: 'authorised', captured: 0, refunded: 0 };
      case 'Voided':
        return { status: 'released', captured: 0, refunded: 0 };
      case 'Processing':
        throw new ProviderUnavailable('ryft is still processing the payment');
      default:
        return { status: 'failed', captured: 0, refunded: 0 };
    }
  };

  /** The session's refunds as Ryft lists them (approved or under way), each with its own transaction id. */
  const refundsAt = async (id: string): Promise<RyftTransaction[]> => {
    const a = await call('GET', `${path(id)}/transactions`);
    if (!ok(a)) throw new ProviderUnavailable(`ryft transactions answered ${a.status}`);
    const items = (a.body as { items?: RyftTransaction[] } | null)?.items ?? [];
    return items.filter((t) => t.type === 'Refund' && t.status !== 'Failed' && t.status !== 'Declined');
  };

  /**
   * Ryft's embedded SDK stores an approved card on the session's customer by default: a new card the customer did not
   * ask to keep is deleted again at once (decision 221), so a stored card is always one the customer chose.
   */
  const letGoOfUnaskedCard = async (s: RyftSession, input: { saveCard: boolean; savedReference: string | null }) => {
    const stored = s.paymentMethod?.tokenizedDetails;
    if (input.saveCard || input.savedReference || !stored?.stored || !stored.id) return;
    try {
      await call('DELETE', `/payment-methods/${encodeURIComponent(stored.id)}`);
    } catch {
      // The payment stands either way; the card stays on Ryft's customer, not shown here.
    }
  };

  return {
    name: 'ryft',
    customerAtPrepare: true,
    async createCustomer(input) {
      const a = await call('POST', '/customers', {
        email: input.email,
        metadata: { clientId: String(input.clientId), userId: String(input.userId) },
      });
      const id = (a.body as { id?: string } | null)?.id;
      if (!ok(a) || !id) throw new ProviderUnavailable(`ryft customers answered ${a.status}`);
      return id;
    },
    async saveCard(input) {
      // Kept only when Ryft stored the session's card on this customer: its stored payment method, as Ryft lists it.
      if (!input.customer) return null;
      const s = await session(input.reference);
      const stored = s?.paymentMethod?.tokenizedDetails;
      if (!s || s.customerDetails?.id !== input.customer || !stored?.stored || !stored.id) return null;
      const a = await call('GET', `/customers/${encodeURIComponent(input.customer)}/payment-methods`);
      if (!ok(a)) throw new ProviderUnavailable(`ryft payment methods answered ${a.status}`);
      const method = ((a.body as { items?: RyftStoredMethod[] } | null)?.items ?? []).find((m) => m.id === stored.id);
      const card = method?.card;
      if (!card?.last4 || !card.expiryMonth || !card.expiryYear) return null;
      return {
        reference: stored.id,
        last4: card.last4,
        brand: card.scheme ?? 'Card',
        expiry: `${card.expiryMonth.padStart(2, '0')}/${card.expiryYear.slice(-2)}`,
      };
    },
    async removeCard(input) {
      const a = await call('DELETE', `/payment-methods/${encodeURIComponent(input.reference)}`);
      // Gone already counts as removed; any other refusal is not known to have removed it.
      if (!ok(a) && a.status !== 404) throw new ProviderUnavailable(`ryft refused to delete the payment method (${a.status})`);
    },
    async prepare(input) {
      let a: HttpAnswer;
      try {
        a = await call('POST', '/payment-sessions', {
          amount: input.amount,
          currency: input.currency.toUpperCase(),
          captureFlow: 'Manual',
          // The customer's own Ryft customer (decision 221): cards are stored on it and a stored one can pay.
          ...(input.customer ? { customerDetails: { id: input.customer } } : {}),
          returnUrl: `${input.origin}/basket/checkout`,
          metadata: { sessionKey: input.sessionKey, clientId: String(input.clientId) },
        });
      } catch (err) {
        throw new ProviderUnavailable('ryft payment session', { cause: err, userMessage: paymentMessages.createSessionFailed });
      }
      const s = a.body as RyftSession | null;
      if (!ok(a) || !s?.id || !s.clientSecret) {
        throw new ProviderUnavailable(`ryft answered ${a.status}`, { userMessage: paymentMessages.createSessionFailed });
      }
      return {
        url: settings.scriptUrl,
        clientSecret: s.clientSecret,
        mode: settings.secretKey.startsWith('sk_live') ? 'live' : 'test',
        publicKey: settings.publicKey,
        accountId: settings.accountId ?? null,
        sessionKey: s.id,
      };
    },
    async authorise(input): Promise<AuthoriseOutcome> {
      const declined = (code: string, message: string = paymentMessages.declined): AuthoriseOutcome => ({
        status: 'declined',
        code,
        message,
        last4: null,
        brand: null,
      });
      let s: RyftSession | null;
      if (input.savedReference) {
        // A saved card pays the session this checkout prepared for the customer (named on it): attempt-payment with
        // the stored payment method's id, never card details, and the browser's details for 3-D Secure.
        const prepared = await session(input.sessionKey);
        if (!prepared?.clientSecret || prepared.customerDetails?.id !== input.customer || !input.customer)
          return declined('payment_method_invalid');
        if (prepared.amount !== input.amount) return declined('amount_mismatch');
        const a = await publicCall('/payment-sessions/attempt-payment', {
          clientSecret: prepared.clientSecret,
          paymentMethodType: 'Card',
          paymentMethod: { id: input.savedReference },
          threeDsRequestDetails: {
            deviceChannel: 'Browser',
            browserDetails: {
              acceptHeader: input.browser.accept || '*/*',
              colorDepth: input.browser.colorDepth ?? 24,
              javaEnabled: input.browser.javaEnabled ?? false,
              language: input.browser.language ?? 'en-GB',
              screenHeight: input.browser.screenHeight ?? 0,
              screenWidth: input.browser.screenWidth ?? 0,
              timeZoneOffset: input.browser.timezoneOffset ?? 0,
              userAgent: input.browser.userAgent,
            },
          },
        });
        // Refused (the stored card gone, the session already paid): declined; the session's own record decides the rest.
        if (!ok(a)) return declined('payment_method_invalid');
        s = await session(input.sessionKey);
      } else {
        // The browser names the session it paid (with a suffix per attempt: a session may be tried again after a
        // decline); only the session this checkout prepared is accepted.
        if (!input.cardIdentifier || input.cardIdentifier.split('.')[0] !== input.sessionKey) return declined('card_identifier_invalid');
        s = await session(input.sessionKey);
      }
      if (!s) return declined('card_identifier_invalid');
      if (s.amount !== input.amount || (s.currency ?? '').toUpperCase() !== input.currency.toUpperCase()) {
        return declined('amount_mismatch');
      }
      if (s.status === 'Approved') {
        await letGoOfUnaskedCard(s, input);
        return { status: 'authorised', reference: input.sessionKey, ...cardOf(s) };
      }
      // Waiting on the customer's action, or still with the issuer (Processing): not decided, so the transaction waits
      // (sca_required) and Ryft's webhook or the customer's return decides it. Without an action's page to go to, the
      // customer is sent back to the checkout, which asks again.
      if (s.status === 'PendingAction' || s.status === 'Processing') {
        return {
          status: 'sca_required',
          reference: input.sessionKey,
          scaUrl: s.requiredAction?.url || new URL(input.returnUrl, input.origin || 'http://localhost').toString(),
          scaMethod: 'GET',
          scaData: {},
          clientSecret: s.clientSecret ?? null,
        };
      }
      if (threeDSecureFailed(s)) return { ...declined('three_d_secure_failed', paymentMessages.threeDSecureFailed), ...cardOf(s) };
      const code = s.lastError === 'insufficient_funds' ? 'insufficient_funds' : s.lastError || 'payment_declined';
      return { ...declined(code), ...cardOf(s) };
    },
    async handleSca(input): Promise<ScaOutcome> {
      const s = input.reference ? await session(input.reference) : null;
      if (s?.status === 'Approved' && input.reference) {
        await letGoOfUnaskedCard(s, { saveCard: input.cardUse === 'save', savedReference: input.cardUse === 'saved' ? 'kept' : null });
        return { status: 'authorised', reference: input.reference };
      }
      // Not decided yet (the issuer or the customer still at it): the transaction keeps waiting, and Ryft's webhook
      // (or a later ask) moves it. Only a session Ryft says failed is a failed challenge.
      if (s?.status === 'Processing' || s?.status === 'PendingAction') throw new ProviderUnavailable(`ryft session ${s.status}`);
      return { status: 'failed', code: 'three_d_secure_failed', message: paymentMessages.threeDSecureFailed };
    },
    async capture(input): Promise<CaptureOutcome> {
      if (!input.reference) return { status: 'declined', message: paymentMessages.completeFailed };
      // Ryft documents no idempotency key (decision 202): a repeat is safe because Ryft captures an approved session
      // once and refuses the next; the refusal is then read from the session.
      const a = await call('POST', `${path(input.reference)}/captures`, { amount: input.amount });
      if (ok(a) && (a.body as RyftTransaction | null)?.status !== 'Failed') return { status: 'captured', amount: input.amount };
      const found = await lookup(input.reference);
      if (found.status === 'captured') return { status: 'captured', amount: found.captured };
      if (found.status === 'authorised') throw new ProviderUnavailable(`ryft refused to capture (${a.status})`);
      return { status: 'declined', message: paymentMessages.completeFailed };
    },
    async release(input) {
      if (!input.reference) return;
      const a = await call('POST', `${path(input.reference)}/voids`, {});
      if (ok(a)) return { status: 'released', captured: 0, refunded: 0 };
      // Refused (voided already, captured meanwhile): the session says which.
      const found = await lookup(input.reference);
      if (found.status === 'authorised') throw new ProviderUnavailable(`ryft refused to void (${a.status})`);
      return found;
    },
    async refund(input): Promise<RefundOutcome> {
      if (!input.reference) return { status: 'failed', message: paymentMessages.completeFailed };
      // No idempotency key at Ryft (decision 202): an earlier try of this refund whose answer was lost shows as one of
      // the session's refunds that is not already recorded as another of ours, for this amount. That one is this
      // refund; otherwise it is asked for now.
      const earlier = await refundsAt(input.reference);
      const mine = earlier.find((r) => r.amount === input.amount && !input.recordedRefunds.includes(r.id ?? ''));
      if (mine) return { status: 'refunded', reference: mine.id ?? null };
      const a = await call('POST', `${path(input.reference)}/refunds`, { amount: input.amount, reason: 'RequestedByCustomer' });
      const t = a.body as (RyftTransaction & { message?: string; errors?: { message?: string }[] }) | null;
      if (ok(a) && t?.status !== 'Failed') return { status: 'refunded', reference: t?.id ?? null };
      return { status: 'failed', message: t?.errors?.[0]?.message ?? t?.message ?? `ryft refused the refund (${a.status})` };
    },
    lookup(input) {
      if (!input.reference) return Promise.resolve({ status: 'not_found', captured: 0, refunded: 0 });
      return lookup(input.reference);
    },
    async abandon(input) {
      // The session is ours by its id (the session key): approved without our hearing of it, it is voided; still with
      // the issuer, asked again later; anything else holds nothing (decision 204).
      const s = await session(input.sessionKey);
      if (s?.status === 'Processing') throw new ProviderUnavailable('ryft session still processing');
      if (s?.status !== 'Approved') return;
      const a = await call('POST', `${path(input.sessionKey)}/voids`, {});
      if (!ok(a) && (await lookup(input.sessionKey)).status === 'authorised')
        throw new ProviderUnavailable(`ryft refused to void (${a.status})`);
    },
  };
}
