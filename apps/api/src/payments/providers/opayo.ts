import { createHmac, timingSafeEqual } from 'node:crypto';
import { paymentMessages } from '@app/contracts';
import type { OpayoSettings } from '../settings';
import { callProvider, type HttpAnswer, joinUrl } from './http';
import { isVendorTxCodeUsed, type OpayoTransaction, refusalOf, transactionOf, wordsOf } from './opayo-answers';
import {
  type AuthoriseOutcome,
  type CaptureOutcome,
  type PaymentLookup,
  type PaymentProvider,
  ProviderUnavailable,
  type RefundOutcome,
  type ScaOutcome,
} from './types';

/** How long Opayo's merchant session key works, when its answer does not say. */
const MERCHANT_SESSION_KEY_SECONDS = 400;

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

  /**
   * Opayo's record of a transaction, from its documented fields only (status, transactionType): a Payment that went
   * through is taken; a Deferred one that went through is held as far as the retrieve can tell, since it does not show
   * a release or an abort (decision 201): release() asks Opayo by aborting, and its refusal says which.
   */
  const lookup = async (reference: string): Promise<PaymentLookup> => {
    const a = await call('GET', `/transactions/${encodeURIComponent(reference)}`);
    if (a.status === 404) return { status: 'not_found', captured: 0, refunded: 0 };
    const t = ok(a) ? transactionOf(a.body) : null;
    if (!t) throw new ProviderUnavailable(`opayo retrieve answered ${a.status}`);
    if (t.status !== 'Ok') return { status: 'failed', captured: 0, refunded: 0 };
    if (t.transactionType === 'Payment') return { status: 'captured', captured: t.amount?.totalAmount ?? 0, refunded: 0 };
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
      const answer = a.body as { merchantSessionKey?: string; expiry?: string } | null;
      const key = answer?.merchantSessionKey;
      if (!ok(a) || !key) throw new ProviderUnavailable(`opayo answered ${a.status}`, { userMessage: paymentMessages.opayoSessionFailed });
      // A merchant session key works for 400 seconds (Opayo says when in `expiry`); the browser prepares a new one
      // once it has lapsed (decision 201).
      const expiry = Date.parse(answer?.expiry ?? '');
      return {
        expiresAt: new Date(Number.isFinite(expiry) ? expiry : Date.now() + MERCHANT_SESSION_KEY_SECONDS * 1000),
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
      const t = transactionOf(a.body);
      // Not a transaction (bad credentials, a validation error, an expired or spent merchant session key): the
      // request failed, no bank said no (decision 201). Document 1's words for it.
      if (!t) return { status: 'declined', code: 'authorize_failed', message: paymentMessages.authorizeFailed, last4: null, brand: null };
      return outcomeOf(t, input);
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
      const t = transactionOf(a.body);
      // An error body (credentials, validation) says nothing of the challenge: the outcome is not known yet.
      if (!t) throw new ProviderUnavailable(`opayo 3-D Secure answered ${a.status}`);
      if (t.status === 'Ok') return { status: 'authorised', reference: t.transactionId ?? input.reference };
      // Still waiting on the issuer (asked before the notification came): not decided, so the transaction keeps waiting
      // and the notification can still finish it (as Ryft's undecided sessions, decision 202).
      if (t.status === '3DAuth') throw new ProviderUnavailable('opayo transaction still waiting on 3-D Secure');
      if (threeDSecureFailed(t)) return failed;
      return { status: 'failed', code: declineCode(t), message: paymentMessages.declined };
    },
    async capture(input): Promise<CaptureOutcome> {
      if (!input.reference) return { status: 'declined', message: paymentMessages.completeFailed };
      const a = await call('POST', `/transactions/${encodeURIComponent(input.reference)}/instructions`, {
        instructionType: 'release',
        amount: input.amount,
      });
      if (ok(a)) return { status: 'captured', amount: input.amount };
      // Refused. A release is made once: "already released" is an earlier try that took the money (its answer lost);
      // aborted or expired means nothing will be taken. Anything else: the outcome is not known (decision 201).
      const refusal = refusalOf(a.body);
      if (refusal === 'released') return { status: 'captured', amount: input.amount };
      if (refusal === 'aborted') return { status: 'declined', message: paymentMessages.completeFailed };
      const found = await lookup(input.reference);
      if (found.status === 'captured') return { status: 'captured', amount: found.captured };
      if (found.status === 'authorised') throw new ProviderUnavailable(`opayo refused to release (${a.status}): ${wordsOf(a.body)}`);
      return { status: 'declined', message: paymentMessages.completeFailed };
    },
    async release(input) {
      if (!input.reference) return undefined;
      const a = await call('POST', `/transactions/${encodeURIComponent(input.reference)}/instructions`, { instructionType: 'abort' });
      if (ok(a)) return { status: 'released', captured: 0, refunded: 0 };
      // Refused: the retrieve cannot show a release, the refusal can. A deferred transaction released already was
      // taken (we always release the whole amount); one aborted already is let go.
      const refusal = refusalOf(a.body);
      if (refusal === 'released') return { status: 'captured', captured: input.amount, refunded: 0 };
      if (refusal === 'aborted') return { status: 'released', captured: 0, refunded: 0 };
      const found = await lookup(input.reference);
      if (found.status === 'authorised') throw new ProviderUnavailable(`opayo refused to abort (${a.status}): ${wordsOf(a.body)}`);
      return found;
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
      const t = transactionOf(a.body);
      if (ok(a) && t?.status === 'Ok') return { status: 'refunded', reference: t.transactionId ?? null };
      // Our refund id was used before: an earlier try reached Opayo, but Opayo keeps a vendorTxCode even for a
      // transaction it refused, and Pi cannot look a transaction up by it. Money back is recorded only on Opayo's word,
      // so this refund stops as failed, saying why, for staff to check in MyOpayo (decision 201).
      if (isVendorTxCodeUsed(a.body)) {
        return {
          status: 'failed',
          message: `Opayo already has refund ${input.refundId} from an earlier try whose answer was lost; check its outcome in MyOpayo before refunding again`,
        };
      }
      return { status: 'failed', message: t?.statusDetail || wordsOf(a.body) || `opayo refused the refund (${a.status})` };
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
