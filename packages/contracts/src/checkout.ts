import { paymentLine } from './cart';
import { INT32_MAX } from './input';
import { checkoutMessages } from './messages';
import { money } from './money';
import { z } from './zod-setup';

export const prepareQuery = z.object({
  source: z.string().min(1).max(64).optional(),
  selected_user_id: z.coerce.number().int().max(INT32_MAX).min(1).optional(),
});

/** A card the customer saved: our id and what the checkout shows; never the provider's reference (decision 220). */
export const savedCard = z.object({ id: z.int32(), last4: z.string(), brand: z.string(), expiry: z.string() });
export type SavedCard = z.infer<typeof savedCard>;

/** GET /checkout/saved-cards: the customer's saved cards with the client's current provider, newest first. */
export const savedCardList = z.array(savedCard);

/** DELETE /checkout/saved-cards/{savedCardId}. */
export const savedCardParams = z.object({ savedCardId: z.coerce.number().int().min(1).max(2147483647) });

export const paymentSession = z.object({
  payment_provider: z.string(),
  session_key: z.string(),
  mode: z.enum(['test', 'live']),
  /** Where the browser sends card details: the provider's side of the boundary, never our API. */
  url: z.string(),
  saved_card: savedCard.nullable(),
  client_secret: z.string().nullable(),
  amount: money,
  item_hash: z.string(),
  /** The session calls name the session key payment_session_id. */
  payment_session_id: z.string().optional(),
  /** A key the browser needs to talk to the provider (Stripe's publishable key). */
  public_key: z.string().nullable().optional(),
  /** The provider's sub-account the payment is for, when the browser's script must name it (Ryft's accountId). */
  account_id: z.string().nullable().optional(),
  /**
   * Seconds this session can still be used for (ours lasts 30 minutes; a provider's may be shorter: Opayo's merchant
   * session key lasts 400 seconds). The browser prepares a new one once it has lapsed. Relative, so clocks need not agree.
   */
  expires_in: z.int32().nullable().optional(),
});
export type PaymentSession = z.infer<typeof paymentSession>;

const billing = {
  billing_address_1: z.string().trim().max(100).optional(),
  billing_address_2: z.string().trim().max(100).optional(),
  billing_city: z.string().trim().max(80).optional(),
  billing_postcode: z.string().trim().max(10).optional(),
  billing_first_name: z.string().trim().max(100).optional(),
  billing_last_name: z.string().trim().max(100).optional(),
};

const browser = {
  browser_color_depth: z.int32().optional(),
  browser_java_enabled: z.boolean().optional(),
  browser_javascript_enabled: z.boolean().optional(),
  browser_language: z.string().max(35).optional(),
  browser_screen_height: z.int32().optional(),
  browser_screen_width: z.int32().optional(),
  browser_timezone_offset: z.int32().optional(),
};

const common = {
  completed_waivers: z.array(z.int32()).default([]),
  payments: z.array(paymentLine).max(20).default([]),
  source: z.string().min(1).max(64).optional(),
  terms: z.boolean().default(false),
  item_hash: z.string().min(1).max(128),
  selected_user_id: z.int32().min(1).optional(),
};

export const authoriseBody = z.object({
  ...billing,
  ...browser,
  ...common,
  card_identifier: z.string().min(1).max(128).optional(),
  card_holder_name: z.string().trim().max(100).optional(),
  session_key: z.string().min(1).max(128).optional(),
  save_card: z.boolean().default(false),
  saved_card_id: z.int32().min(1).optional(),
  payment_method_id: z.string().max(255).optional(),
  setup_intent_id: z.string().max(255).optional(),
});
export type AuthoriseBody = z.infer<typeof authoriseBody>;

export const paymentError = z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() });

export const authoriseResult = z.object({
  transaction_uuid: z.string(),
  transaction_status: z.enum(['authorised', 'failed', 'sca_required']),
  error: paymentError.nullable(),
  sca_url: z.string().nullable(),
  sca_method: z.string().nullable(),
  sca_data: z.record(z.string(), z.string()).nullable(),
  client_secret: z.string().nullable(),
  return_url: z.string().nullable(),
});
export type AuthoriseResult = z.infer<typeof authoriseResult>;

export const completeBody = z.object({ ...common, transaction_uuid: z.string().uuid().optional() });
export type CompleteBody = z.infer<typeof completeBody>;

export const completeResult = z.object({
  complete_order_id: z.int32(),
  order_id: z.int32(),
  status: z.string(),
  error: paymentError.nullable(),
  /** Paid after holds ran out and places were gone: how much went to the customer's general credit instead. */
  credited: money.nullable().optional(),
});
export type CompleteResult = z.infer<typeof completeResult>;

/** The sandbox provider's tokenisation call: card details go here and nowhere else. */
export const sandboxCardBody = z.object({
  session_key: z.string().min(1).max(128),
  card_holder_name: z.string().trim().min(1).max(100),
  card_number: z.string().regex(/^[0-9 ]{12,23}$/, checkoutMessages.cardNumberInvalid),
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\/?\d{2}$/, checkoutMessages.cardExpiryFormat),
  security_code: z.string().regex(/^\d{3,4}$/, checkoutMessages.securityCodeFormat),
});
export const sandboxCardResult = z.object({ card_identifier: z.string(), last4: z.string(), brand: z.string() });

/** POST /session/prepare: the source plus extra options. */
export const sessionPrepareBody = z.object({
  source: z.string().min(1).max(64).optional(),
  selected_user_id: z.int32().min(1).optional(),
});

/** POST /session/payment: pays with a prepared session (card details went to the provider's side). */
export const sessionPaymentBody = authoriseBody.omit({ item_hash: true, session_key: true }).extend({
  payment_session_id: z.string().min(1).max(128),
});
export type SessionPaymentBody = z.infer<typeof sessionPaymentBody>;

/** POST /session/complete/{transactionId}. */
export const sessionCompleteBody = z.object({
  completed_waivers: z.array(z.int32()).default([]),
  payments: z.array(paymentLine).max(20).default([]),
  terms: z.boolean().default(false),
  transaction_uuid: z.string().uuid().optional(),
  source: z.string().min(1).max(64).optional(),
  selected_user_id: z.int32().min(1).optional(),
});
export const transactionParams = z.object({ transactionId: z.string().uuid() });

/** POST /payment-providers/sca-completion/{transactionId}: the customer is back from the 3-D Secure challenge. */
export const scaCompletionBody = z.object({
  transaction_uuid: z.string().uuid().optional(),
  sca_result: z.string().max(4096).default(''),
});
export const scaCompletionResult = z.object({ transaction_id: z.string(), status: z.enum(['authorised', 'failed']) });

/** Front of house: POST /api/foh/{checkout}/pay, staff taking payment for a customer. */
export const fohPayBody = z.object({
  selected_user_id: z.int32().min(1),
  item_hash: z.string().min(1).max(128),
  payments: z
    .array(paymentLine.extend({ amount: z.int32().min(1) }))
    .min(1)
    .max(20),
  /** Needed for cash, cheque and offline-voucher. */
  till_id: z.string().trim().min(1).max(64).optional(),
  source: z.string().min(1).max(64).optional(),
  terms: z.boolean().default(true),
});
export type FohPayBody = z.infer<typeof fohPayBody>;
