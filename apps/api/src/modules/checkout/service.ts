import {
  type AuthoriseBody,
  type AuthoriseResult,
  defaultCartSource,
  ourMessages,
  type PaymentSession,
  paymentMessages,
  requiredMessage,
  toMoney,
} from '@app/contracts';
import { onlinePaymentPlan } from '@app/domain';
import type { AuthedCtx } from '../../http/context';
import { AppError } from '../../lib/errors';
import { randomId } from '../../lib/ids';
import { type PaymentProvider, ProviderUnavailable } from '../../payments/providers';
import { actingUserId } from '../auth/acting-for';
import { findOpenCart } from '../cart/queries';
import { cartView, paymentLinesOf } from '../cart/service';
import { requireBasketReady } from '../restrictions/checkout-gate';
import { oweAbandon } from './abandon';
import {
  emailOf,
  findPaymentCustomer,
  findPaymentSession,
  findSavedCard,
  findTransactionBy,
  insertPaymentSession,
  insertSavedCard,
  insertTransaction,
  keepPaymentCustomer,
  latestSavedCard,
  moveTransaction,
  type TransactionRow,
  transactionNow,
} from './queries';

const SESSION_MINUTES = 30;
/** Where the customer comes back to after a 3-D Secure challenge: the checkout page (decision 040). */
export const scaReturnPath = (transactionUuid: string) => `/basket/checkout?transaction_uuid=${transactionUuid}`;

/** The basket a checkout call is about, as the customer sees it, refused if it cannot be paid for now. */
export async function payableCart(c: AuthedCtx, selectedUserId: number | undefined, source: string | undefined) {
  const userId = await actingUserId(c, selectedUserId);
  const cart = await findOpenCart(c.db, c.client.id, userId, source ?? defaultCartSource);
  if (!cart) throw new AppError('basket_empty');
  const view = await cartView(c.db, c, cart, selectedUserId ?? null);
  if (view.items.length === 0) throw new AppError('basket_empty');
  if (view.items.some((i) => i.expired)) throw new AppError('basket_item_expired');
  return { userId, cart, view };
}

/** The payment lines sent do not add up to (or split differently from) what the basket is to be paid with. */
export const paymentMismatch = () => new AppError('payment_mismatch', { fieldErrors: { payments: [ourMessages.paymentMismatch] } });

export function checkTerms(c: AuthedCtx, terms: boolean): void {
  if (c.client.termsHtml && !terms) throw new AppError('terms_required', { fieldErrors: { terms: [ourMessages.termsRequired] } });
}

/**
 * Opens a payment session for the basket. An operator who switched paid bookings off gets a 403 carrying the
 * paid_booking_disabled flag and their own message, which the app shows.
 */
/** What the checkout knows of the request beyond its body: for providers that send the browser back (3-D Secure v2). */
export interface RequestInfo {
  /** This site's origin as the customer sees it. */
  origin: string;
  ip: string;
  userAgent: string;
  accept: string;
}
const noRequest: RequestInfo = { origin: '', ip: '', userAgent: '', accept: '' };

export type ProviderCapability = 'session' | 'payment preparation';

/**
 * Doc 1's "Payment provider '{x}' does not support session / payment preparation". Every adapter today can prepare,
 * but a provider is looked up by name at run time (a client's own settings, decision 110), so one without `prepare`
 * is refused by name with the spec's words rather than failing as a 500 (decision 145).
 */
export function requireCapability(provider: { name: string; prepare?: unknown }, capability: ProviderCapability): void {
  if (typeof provider.prepare !== 'function')
    throw new AppError('provider_lacks', { message: paymentMessages.providerLacks(provider.name, capability) });
}

export async function prepare(
  c: AuthedCtx,
  query: { source?: string | undefined; selected_user_id?: number | undefined },
  request: RequestInfo = noRequest,
  /** What the caller asks of the provider: the older card flow prepares a payment, the session calls a session. */
  capability: ProviderCapability = 'payment preparation',
): Promise<PaymentSession> {
  const { userId, cart, view } = await payableCart(c, query.selected_user_id, query.source);
  if (c.client.paidBookingDisabledMessage && view.totals.balance > 0) {
    throw new AppError('paid_booking_disabled', { message: c.client.paidBookingDisabledMessage, data: { paid_booking_disabled: true } });
  }
  const provider = await c.providers.forClient(c.providers.nameFor(c.client), c.client.id);
  requireCapability(provider, capability);
  const proposed = randomId('ps_', 32);
  const now = c.clock.now();
  const customer = provider.customerAtPrepare ? await providerCustomer(c, provider, userId, true) : null;
  let session: Awaited<ReturnType<typeof provider.prepare>>;
  try {
    session = await provider.prepare({
      customer,
      clientId: c.client.id,
      sessionKey: proposed,
      amount: view.totals.balance,
      currency: c.client.currency,
      origin: request.origin,
    });
  } catch (err) {
    if (!(err instanceof ProviderUnavailable)) c.log.error({ err }, 'preparing a payment ended unexpectedly');
    const said = err instanceof ProviderUnavailable ? err.userMessage : undefined;
    throw new AppError('payment_provider_failed', { message: said ?? paymentMessages.prepareFailed });
  }
  // The provider's own session (Opayo's merchant session key, Ryft's payment session) stands for ours when it has one.
  const key = session.sessionKey ?? proposed;
  const ours = now.getTime() + SESSION_MINUTES * 60_000;
  // The provider's expiry is on the world's clock (its answer), ours on the app's: each is counted from its own now.
  const providerSeconds = session.expiresAt ? (session.expiresAt.getTime() - Date.now()) / 1000 : Number.POSITIVE_INFINITY;
  const expiresIn = Math.max(0, Math.floor(Math.min(SESSION_MINUTES * 60, providerSeconds)));
  await insertPaymentSession(c.db, {
    key,
    clientId: c.client.id,
    userId,
    cartId: cart.id,
    provider: provider.name,
    itemHash: view.item_hash,
    expiresAt: new Date(ours),
    createdAt: now,
  });
  const savedCard = await latestSavedCard(c.db, c.client.id, userId, provider.name);
  return {
    payment_provider: provider.name,
    session_key: key,
    payment_session_id: key,
    mode: session.mode,
    url: session.url,
    saved_card: savedCard ? { id: savedCard.id, last4: savedCard.last4, brand: savedCard.brand, expiry: savedCard.expiry } : null,
    client_secret: session.clientSecret,
    public_key: session.publicKey ?? null,
    account_id: session.accountId ?? null,
    amount: toMoney(view.totals.balance, c.client.currency),
    item_hash: view.item_hash,
    expires_in: expiresIn,
  };
}

/**
 * The provider's customer of this customer at this client, for providers that keep cards on one (decision 220): the
 * kept one, or (when a card is to be kept) a new one made now and kept. A provider that cannot make one just now does
 * not stop the payment: the card is then not kept.
 */
async function providerCustomer(c: AuthedCtx, provider: PaymentProvider, userId: number, make: boolean): Promise<string | null> {
  if (!provider.createCustomer) return null;
  const kept = await findPaymentCustomer(c.db, c.client.id, userId, provider.name);
  if (kept || !make) return kept;
  try {
    const email = await emailOf(c.db, userId);
    if (!email) return null;
    const reference = await provider.createCustomer({ clientId: c.client.id, userId, email });
    return await keepPaymentCustomer(c.db, { clientId: c.client.id, userId, provider: provider.name, reference, createdAt: c.clock.now() });
  } catch (err) {
    c.log.warn({ err }, 'the provider customer could not be made; the card will not be kept');
    return null;
  }
}

export function toAuthoriseResult(t: TransactionRow): AuthoriseResult {
  const failed = t.status === 'failed';
  const sca =
    t.status === 'sca_required'
      ? (t.result as { sca_url: string; sca_method: string; sca_data: Record<string, string>; client_secret: string | null } | null)
      : null;
  return {
    transaction_uuid: t.uuid,
    transaction_status: t.status === 'sca_required' ? 'sca_required' : failed || t.status === 'pending' ? 'failed' : 'authorised',
    error: failed ? { code: t.errorCode ?? 'payment_declined', message: t.errorMessage ?? paymentMessages.declined } : null,
    sca_url: sca?.sca_url ?? null,
    sca_method: sca?.sca_method ?? null,
    sca_data: sca?.sca_data ?? null,
    client_secret: sca?.client_secret ?? null,
    return_url: t.status === 'sca_required' ? t.returnUrl : null,
  };
}

/** A repeat of an authorise that is still running waits for the first to finish, then answers the same. */
async function settledResult(
  c: AuthedCtx,
  userId: number,
  by: { cardIdentifier?: string; idempotencyKey?: string },
): Promise<AuthoriseResult | null> {
  for (let waited = 0; waited <= 10_000; waited += 100) {
    const existing = await findTransactionBy(c.db, c.client.id, userId, by);
    if (!existing) return null;
    if (existing.status !== 'pending') return toAuthoriseResult(existing);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new AppError('transaction_not_authorised');
}

/** The insert lost a race to the same card identifier or Idempotency-Key: answer as the winner did. */
async function repeatOf(
  c: AuthedCtx,
  userId: number,
  by: { cardIdentifier?: string; idempotencyKey?: string } | null,
): Promise<AuthoriseResult> {
  const found = by ? await settledResult(c, userId, by) : null;
  if (!found) throw new AppError('transaction_not_authorised');
  return found;
}

export interface AuthoriseRequest {
  body: AuthoriseBody;
  request?: RequestInfo;
  /** The session calls carry no item_hash: the one the session was prepared with stands for it. */
  sessionKey: string | undefined;
  idempotencyKey: string | undefined;
}

/**
 * Asks the provider to authorise what is left to pay after the credit applied to the basket; nothing is taken yet
 * (money moves when the order completes). A basket fully paid by credit needs no card and is authorised at once.
 * Idempotent: the card identifier is single use and the Idempotency-Key header names an attempt, so a repeat
 * returns the first attempt's answer.
 */
export async function authorise(
  c: AuthedCtx,
  { body, sessionKey, idempotencyKey, request = noRequest }: AuthoriseRequest,
): Promise<AuthoriseResult> {
  checkTerms(c, body.terms);
  const userId = await actingUserId(c, body.selected_user_id);
  const by = idempotencyKey ? { idempotencyKey } : body.card_identifier ? { cardIdentifier: body.card_identifier } : null;
  if (by) {
    const earlier = await settledResult(c, userId, by);
    if (earlier) return earlier;
  }

  const { cart, view } = await payableCart(c, body.selected_user_id, body.source);
  await requireBasketReady(c, cart, body.completed_waivers);
  const now = c.clock.now();
  const session = sessionKey ? await findPaymentSession(c.db, sessionKey, c.client.id, userId, now) : undefined;
  if (sessionKey && (!session || session.cartId !== cart.id)) throw new AppError('payment_session_not_found');
  if (body.item_hash !== view.item_hash) throw new AppError('basket_changed');
  const plan = onlinePaymentPlan(
    view.totals.total,
    paymentLinesOf(cart),
    body.payments.map((p) => ({ tenderType: p.tender_type, amount: p.amount })),
  );
  if (!plan.ok) throw paymentMismatch();
  const payments = plan.lines.map((l) => ({ tender_type: l.tenderType, amount: l.amount }));
  const base = {
    clientId: c.client.id,
    userId,
    cartId: cart.id,
    startedByUserId: c.user.id,
    amount: plan.card,
    currency: c.client.currency,
    itemHash: view.item_hash,
    payments,
    idempotencyKey: idempotencyKey ?? null,
    createdAt: now,
    updatedAt: now,
  };

  if (plan.card === 0) {
    const created = await insertTransaction(c.db, { ...base, provider: 'credit', status: 'authorised' });
    return created ? toAuthoriseResult(created) : repeatOf(c, userId, by);
  }

  if (!session) throw new AppError('payment_session_not_found');
  const saved =
    body.saved_card_id !== undefined ? await findSavedCard(c.db, c.client.id, userId, body.saved_card_id, session.provider) : null;
  if (body.saved_card_id !== undefined && !saved) throw new AppError('not_found');
  if (!saved && !body.card_identifier && !body.payment_method_id)
    throw new AppError('card_required', { fieldErrors: { card_identifier: [requiredMessage] } });
  const provider = await c.providers.forClient(session.provider, c.client.id);
  const saveCard = Boolean(body.save_card) && !saved;
  const customer = saved || saveCard ? await providerCustomer(c, provider, userId, saveCard) : null;
  const created = await insertTransaction(c.db, {
    ...base,
    provider: provider.name,
    status: 'pending',
    cardIdentifier: saved ? null : (body.card_identifier ?? null),
    cardUse: saved ? 'saved' : saveCard ? 'save' : null,
  });
  if (!created) return repeatOf(c, userId, by);

  const returnUrl = scaReturnPath(created.uuid);
  let outcome: Awaited<ReturnType<typeof provider.authorise>>;
  try {
    outcome = await provider.authorise({
      transactionUuid: created.uuid,
      sessionKey: session.key,
      cardIdentifier: saved ? null : (body.card_identifier ?? null),
      savedReference: saved?.reference ?? null,
      saveCard,
      customer,
      paymentMethodId: body.payment_method_id ?? null,
      amount: plan.card,
      currency: c.client.currency,
      returnUrl,
      origin: request.origin,
      billing: {
        firstName: body.billing_first_name,
        lastName: body.billing_last_name,
        address1: body.billing_address_1,
        city: body.billing_city,
        postcode: body.billing_postcode,
      },
      browser: {
        ip: request.ip,
        userAgent: request.userAgent,
        accept: request.accept,
        language: body.browser_language,
        colorDepth: body.browser_color_depth,
        screenHeight: body.browser_screen_height,
        screenWidth: body.browser_screen_width,
        timezoneOffset: body.browser_timezone_offset,
        javaEnabled: body.browser_java_enabled,
      },
    });
  } catch (err) {
    // No answer, or one the adapter did not expect: the payment is not authorised as far as this checkout knows (an
    // authorisation the provider did make is never captured and lapses there). Never a 500 with the transaction left
    // `pending`, where a repeat of this call would wait on it and then fail anyway.
    if (!(err instanceof ProviderUnavailable)) c.log.error({ err, transaction: created.uuid }, 'authorisation ended unexpectedly');
    outcome = { status: 'declined', code: 'authorize_failed', message: paymentMessages.authorizeFailed, last4: null, brand: null };
    // The provider may have authorised it all the same: what it holds is let go later (decision 204).
    await oweAbandon(c.db, created.uuid, session.key, c.clock.now());
  }
  const at = c.clock.now();
  // Only from `pending`: a provider's webhook may have decided the transaction while the provider answered here (and
  // a repeat of this call, waiting on it, may have been told so). Then that decision stands and is the answer.
  const moved = await moveTransaction(
    c.db,
    created.uuid,
    'pending',
    outcome.status === 'authorised'
      ? { status: 'authorised', providerReference: outcome.reference, cardLast4: outcome.last4, cardBrand: outcome.brand, updatedAt: at }
      : outcome.status === 'declined'
        ? {
            status: 'failed',
            errorCode: outcome.code,
            errorMessage: outcome.message,
            cardLast4: outcome.last4,
            cardBrand: outcome.brand,
            updatedAt: at,
          }
        : {
            status: 'sca_required',
            providerReference: outcome.reference,
            returnUrl,
            result: {
              sca_url: outcome.scaUrl,
              sca_method: outcome.scaMethod,
              sca_data: outcome.scaData,
              client_secret: outcome.clientSecret,
            },
            updatedAt: at,
          },
  );
  const updated = moved ?? (await transactionNow(c.db, created.uuid));
  if (outcome.status === 'authorised' && saveCard && provider.saveCard) {
    try {
      const card = await provider.saveCard({ transactionUuid: created.uuid, reference: outcome.reference, customer });
      if (card) await insertSavedCard(c.db, { clientId: c.client.id, userId, provider: provider.name, ...card, createdAt: at });
    } catch (err) {
      // The payment is authorised whether or not the card could be kept for next time: that is the answer.
      c.log.error({ err, transaction: created.uuid }, 'the card could not be saved');
    }
  }
  return toAuthoriseResult(updated);
}
