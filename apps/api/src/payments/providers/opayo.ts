import { createHmac, timingSafeEqual } from 'node:crypto';
import { paymentMessages } from '@app/contracts';
import type { OpayoSettings } from '../settings';
import { callProvider, type HttpAnswer, joinUrl } from './http';
import {
  type AuthoriseOutcome,
  type CaptureOutcome,
  type PaymentLookup,
  type PaymentProvider,
  ProviderUnavailable,
  type RefundOutcome,
  type ScaOutcome,
} from './types';

/** Opayo Pi's transaction answer, the fields the checkout reads. */
interface OpayoTransaction {
  transactionId?: string;
  transactionType?: string;
  status?: string;
  statusCode?: string;
  statusDetail?: string;
  bankResponseCode?: string;
  acsUrl?: string;
  cReq?: string;
  paymentMethod?: {
    card?: { cardType?: string; lastFourDigits?: string; expiryDate?: string; cardIdentifier?: string; reusable?: boolean };
  };
  amount?: { totalAmount?: number };
  '3DSecure'?: { status?: string };
  /** Instructions taken on a deferred transaction (release, abort), as the fake of decision 111 reports them. */
  instructions?: { instructionType?: string; amount?: number }[];
}

/** Where Opayo sends the customer's browser after the issuer's challenge: our notification route (decision 111). */
export const opayoNotificationPath = (clientIdentifier: string, transactionUuid: string) =>
  `/payment-providers/opayo/notification/${encodeURIComponent(clientIdentifier)}/${transactionUuid}`;

const sign = (settings: OpayoSettings, transactionUuid: string) =>
  createHmac('sha256', settings.integrationPassword).update(`opayo-3ds:${transactionUuid}`).digest('base64url');

/**
 * threeDSSessionData travels with the challenge and comes back with the notification. Ours names the transaction and
 * carries our signature, so a notification made up by anyone else is refused before Opayo is asked.
 */
export const opayoSessionData = (settings: OpayoSettings, transactionUuid: string): string =>
  `${Buffer.from(transactionUuid).toString('base64url')}.${sign(settings, transactionUuid)}`;

export function verifyOpayoSessionData(settings: OpayoSettings, transactionUuid: string, value: string): boolean {
  const expected = Buffer.from(opayoSessionData(settings, transactionUuid));
  const given = Buffer.from(value);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const cardOf = (t: OpayoTransaction) => ({
  last4: t.paymentMethod?.card?.lastFourDigits ?? null,
  brand: t.paymentMethod?.card?.cardType ?? null,
});

/** A refusal's code: the bank's ISO code 51 is insufficient funds; anything else is a decline. */
const declineCode = (t: OpayoTransaction): string =>
  t.bankResponseCode === '51' ? 'insufficient_funds' : t.status === 'Rejected' ? 'payment_rejected' : 'payment_declined';

const threeDSecureFailed = (t: OpayoTransaction): boolean =>
  ['NotAuthenticated', 'Error', 'CardNotEnrolled', 'IssuerNotEnrolled', 'MalformedOrInvalid', 'AttemptOnly'].includes(
    t['3DSecure']?.status ?? '',
  ) || t.statusCode === '4026';

/**
 * Opayo Pi (REST, decision 111). The browser tokenises the card with Opayo's Drop-in against a merchant session key
 * (prepare creates it; it becomes the checkout's session key) and sends us the card identifier. Authorise creates a
 * Deferred transaction (nothing is taken), with 3-D Secure v2: a challenge sends the browser to the issuer's ACS with
 * cReq and our signed threeDSSessionData, and Opayo's notification (cRes) comes back to our route, which asks Opayo to
 * finish the challenge. Capture is the release instruction, release the abort instruction, refunds are Refund
 * transactions with our refund id as vendorTxCode (Opayo refuses a vendorTxCode twice, so a repeat never pays twice).
 */
export function opayoProvider(settings: OpayoSettings, clientIdentifier: string): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${settings.integrationKey}:${settings.integrationPassword}`).toString('base64')}`;
  const call = (method: 'GET' | 'POST', path: string, body?: unknown): Promise<HttpAnswer> =>
    callProvider(method, joinUrl(settings.apiUrl, path), { headers: { authorization: auth }, body, timeoutMs: settings.timeoutMs });
  const ok = (a: HttpAnswer) => a.status >= 200 && a.status < 300;

  const outcomeOf = (t: OpayoTransaction, input: { transactionUuid: string }): AuthoriseOutcome => {
    if (t.status === 'Ok' && t.transactionId) return { status: 'authorised', reference: t.transactionId, ...cardOf(t) };
    if (t.status === '3DAuth' && t.transactionId && t.acsUrl && t.cReq) {
      return {
        status: 'sca_required',
        reference: t.transactionId,
        scaUrl: t.acsUrl,
        scaMethod: 'POST',
        scaData: { creq: t.cReq, threeDSSessionData: opayoSessionData(settings, input.transactionUuid) },
        clientSecret: null,
      };
    }
    if (threeDSecureFailed(t)) {
      return { status: 'declined', code: 'three_d_secure_failed', message: paymentMessages.threeDSecureFailed, ...cardOf(t) };
    }
    return { status: 'declined', code: declineCode(t), message: paymentMessages.declined, ...cardOf(t) };
  };

  const lookup = async (reference: string): Promise<PaymentLookup> => {
    const a = await call('GET', `/transactions/${encodeURIComponent(reference)}`);
    if (a.status === 404) return { status: 'not_found', captured: 0, refunded: 0 };
    if (!ok(a)) throw new ProviderUnavailable(`opayo retrieve answered ${a.status}`);
    const t = a.body as OpayoTransaction;
    if (t.status !== 'Ok') return { status: 'failed', captured: 0, refunded: 0 };
    const instructions = t.instructions ?? [];
    if (t.transactionType === 'Payment') {
      return { status: 'captured', captured: t.amount?.totalAmount ?? 0, refunded: 0 };
    }
    const released = instructions.filter((i) => i.instructionType === 'release').reduce((sum, i) => sum + (i.amount ?? 0), 0);
    if (released > 0) return { status: 'captured', captured: released, refunded: 0 };
    if (instructions.some((i) => i.instructionType === 'abort' || i.instructionType === 'void')) {
      return { status: 'released', captured: 0, refunded: 0 };
    }
    return { status: 'authorised', captured: 0, refunded: 0 };
  };

  return {
    name: 'opayo',
    async prepare() {
      let a: HttpAnswer;
      try {
        a = await call('POST', '/merchant-session-keys', { vendorName: settings.vendorName });
      } catch (err) {
        throw new ProviderUnavailable('opayo merchant session key', { cause: err, userMessage: paymentMessages.opayoSessionFailed });
      }
      const key = (a.body as { merchantSessionKey?: string } | null)?.merchantSessionKey;
      if (!ok(a) || !key) throw new ProviderUnavailable(`opayo answered ${a.status}`, { userMessage: paymentMessages.opayoSessionFailed });
      return {
        url: settings.scriptUrl,
        // The Drop-in's key, given as the client secret too: a retry after a decline tokenises against the same key.
        clientSecret: key,
        mode: settings.apiUrl.includes('sandbox') || settings.apiUrl.startsWith('http://') ? 'test' : 'live',
        publicKey: null,
        sessionKey: key,
      };
    },
    async authorise(input) {
      if (!input.cardIdentifier && !input.savedReference) {
        return { status: 'declined', code: 'card_identifier_invalid', message: paymentMessages.declined, last4: null, brand: null };
      }
      // A saved card (decision 141) is its reusable card identifier, used with this checkout's merchant session key
      // and marked reusable; a new card is saved by Opayo when the customer asked (`save`). Either way the customer is
      // present: the credential on file is used or stored by a customer-initiated transaction.
      const card = input.savedReference
        ? { merchantSessionKey: input.sessionKey, cardIdentifier: input.savedReference, reusable: true }
        : { merchantSessionKey: input.sessionKey, cardIdentifier: input.cardIdentifier, save: input.saveCard };
      const storedCredential =
        input.savedReference || input.saveCard
          ? { credentialType: { cofUsage: input.savedReference ? 'Subsequent' : 'First', initiatedType: 'CIT', mitType: 'Unscheduled' } }
          : {};
      const a = await call('POST', '/transactions', {
        transactionType: 'Deferred',
        paymentMethod: { card },
        ...storedCredential,
        vendorTxCode: input.transactionUuid,
        amount: input.amount,
        currency: input.currency.toUpperCase(),
        description: 'Booking',
        apply3DSecure: 'UseMSPSetting',
        customerFirstName: input.billing.firstName || 'Customer',
        customerLastName: input.billing.lastName || 'Customer',
        billingAddress: {
          address1: input.billing.address1 || 'Not given',
          city: input.billing.city || 'Not given',
          postalCode: input.billing.postcode || '',
          country: 'GB',
        },
        entryMethod: 'Ecommerce',
        strongCustomerAuthentication: {
          notificationURL: `${input.origin}${opayoNotificationPath(clientIdentifier, input.transactionUuid)}`,
          browserIP: input.browser.ip,
          browserAcceptHeader: input.browser.accept || '*/*',
          browserJavascriptEnabled: true,
          browserJavaEnabled: input.browser.javaEnabled ?? false,
          browserLanguage: input.browser.language || 'en-GB',
          browserColorDepth: String(input.browser.colorDepth ?? 24),
          browserScreenHeight: String(input.browser.screenHeight ?? 800),
          browserScreenWidth: String(input.browser.screenWidth ?? 1200),
          browserTZ: String(input.browser.timezoneOffset ?? 0),
          browserUserAgent: input.browser.userAgent || 'unknown',
          challengeWindowSize: 'Small',
          transType: 'GoodsAndServicePurchase',
          threeDSRequestorAuthenticationInfo: { threeDSReqAuthMethod: 'NoThreeDSRequestorAuthentication' },
        },
      });
      return outcomeOf(a.body as OpayoTransaction, input);
    },
    async handleSca(input): Promise<ScaOutcome> {
      const failed: ScaOutcome = { status: 'failed', code: 'three_d_secure_failed', message: paymentMessages.threeDSecureFailed };
      if (!input.reference) return failed;
      // With the issuer's cRes (brought by the notification), Opayo finishes the challenge; without one, its record says
      // whether the challenge was finished already.
      const a = input.scaResult.startsWith('cres:')
        ? await call('POST', `/transactions/${encodeURIComponent(input.reference)}/3d-secure-challenge`, {
            cRes: input.scaResult.slice('cres:'.length),
            threeDSSessionData: opayoSessionData(settings, input.transactionUuid),
          })
        : await call('GET', `/transactions/${encodeURIComponent(input.reference)}`);
      const t = a.body as OpayoTransaction | null;
      if (ok(a) && t?.status === 'Ok') return { status: 'authorised', reference: t.transactionId ?? input.reference };
      if (!ok(a) || !t || threeDSecureFailed(t) || t.status === '3DAuth') return failed;
      return { status: 'failed', code: declineCode(t), message: paymentMessages.declined };
    },
    async capture(input): Promise<CaptureOutcome> {
      if (!input.reference) return { status: 'declined', message: paymentMessages.completeFailed };
      const a = await call('POST', `/transactions/${encodeURIComponent(input.reference)}/instructions`, {
        instructionType: 'release',
        amount: input.amount,
      });
      if (ok(a)) return { status: 'captured', amount: input.amount };
      // Refused (released already by an earlier try, aborted, expired): Opayo's record of the transaction decides.
      const found = await lookup(input.reference);
      if (found.status === 'captured') return { status: 'captured', amount: found.captured };
      if (found.status === 'authorised') throw new ProviderUnavailable('opayo refused to release a deferred transaction');
      return { status: 'declined', message: paymentMessages.completeFailed };
    },
    async release(input) {
      if (!input.reference) return;
      const a = await call('POST', `/transactions/${encodeURIComponent(input.reference)}/instructions`, { instructionType: 'abort' });
      if (!ok(a)) {
        const found = await lookup(input.reference);
        if (found.status === 'authorised') throw new ProviderUnavailable(`opayo refused to abort (${a.status})`);
      }
    },
    async refund(input): Promise<RefundOutcome> {
      if (!input.reference) return { status: 'failed', message: paymentMessages.completeFailed };
      const a = await call('POST', '/transactions', {
        transactionType: 'Refund',
        referenceTransactionId: input.reference,
        vendorTxCode: input.refundId,
        amount: input.amount,
        description: 'Refund',
      });
      const t = a.body as (OpayoTransaction & { description?: string; errors?: { description?: string }[] }) | null;
      if (ok(a) && t?.status === 'Ok') return { status: 'refunded', reference: t.transactionId ?? null };
      // Our refund id was used before: that refund went through on an earlier try whose answer was lost.
      const said = [t?.description, t?.statusDetail, ...(t?.errors ?? []).map((e) => e.description)].join(' ');
      if (/vendortxcode.*(used|exists)/i.test(said)) return { status: 'refunded', reference: null };
      return { status: 'failed', message: t?.statusDetail ?? t?.description ?? `opayo refused the refund (${a.status})` };
    },
    lookup(input) {
      if (!input.reference) return Promise.resolve({ status: 'not_found', captured: 0, refunded: 0 });
      return lookup(input.reference);
    },
    async saveCard(input) {
      // The transaction's card, once Opayo made its identifier reusable (it does so only for a transaction sent with
      // `save` that went through). Anything else: nothing is saved, and the payment itself is unaffected.
      const a = await call('GET', `/transactions/${encodeURIComponent(input.reference)}`);
      const c = ok(a) ? (a.body as OpayoTransaction).paymentMethod?.card : undefined;
      if (!c?.reusable || !c.cardIdentifier || !c.lastFourDigits) return null;
      const expiry = /^\d{4}$/.test(c.expiryDate ?? '') ? `${c.expiryDate?.slice(0, 2)}/${c.expiryDate?.slice(2)}` : '';
      if (!expiry) return null;
      return { reference: c.cardIdentifier, last4: c.lastFourDigits, brand: c.cardType ?? 'Card', expiry };
    },
  };
}
