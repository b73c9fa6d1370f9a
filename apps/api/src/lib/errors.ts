import {
  accountMessages,
  bookingRecordMessages,
  checkoutMessages,
  type FieldErrors,
  ourMessages,
  pageMessages,
  paymentMessages,
  restrictionMessages,
  sharedDefaultMessage,
  staffMessages,
  statusMessages,
  ticketPriceMessages,
  tillMessages,
  toastMessages,
} from '@app/contracts';

/**
 * Stable error codes and how each answers: one table, so a route never picks a status or a message itself
 * (docs/decisions/006-error-codes-and-messages.md).
 */
export const errorCatalogue = {
  not_found: { status: 404, message: statusMessages[404] },
  forbidden: { status: 403, message: statusMessages[403] },
  unauthenticated: { status: 401, message: ourMessages.unauthenticated },
  invalid_credentials: { status: 401, message: ourMessages.invalidCredentials },
  validation_failed: { status: 422, message: sharedDefaultMessage },
  malformed_request: { status: 400, message: ourMessages.malformedRequest },
  /** A value the schemas let through but the database refused as data (a net: the fuzzer fails if it is ever hit). */
  invalid_input: { status: 422, message: sharedDefaultMessage },
  too_many_requests: { status: 429, message: ourMessages.tooManyRequests },
  email_taken: { status: 422, message: ourMessages.emailTaken },
  occurrence_full: { status: 409, message: ourMessages.occurrenceFull },
  too_many_places_held: { status: 409, message: ourMessages.tooManyPlacesHeld(0) },
  too_many_baskets: { status: 409, message: ourMessages.tooManyBaskets(0) },
  occurrence_not_bookable: { status: 409, message: ourMessages.occurrenceNotBookable },
  already_in_basket: { status: 409, message: ourMessages.alreadyInBasket },
  already_booked: { status: 409, message: ourMessages.alreadyBooked },
  waitlist_unavailable: { status: 409, message: ourMessages.waitlistUnavailable },
  waitlist_offer_gone: { status: 409, message: ourMessages.waitlistOfferGone },
  item_type_not_supported: { status: 422, message: ourMessages.itemTypeNotSupported },
  basket_empty: { status: 409, message: ourMessages.basketEmpty },
  basket_changed: { status: 409, message: ourMessages.basketChanged },
  basket_item_expired: { status: 409, message: ourMessages.basketItemExpired },
  terms_required: { status: 422, message: ourMessages.termsRequired },
  payment_mismatch: { status: 422, message: ourMessages.paymentMismatch },
  payment_declined: { status: 402, message: paymentMessages.declined },
  payment_session_not_found: { status: 404, message: paymentMessages.sessionIdNotFound },
  transaction_not_authorised: { status: 409, message: ourMessages.transactionNotAuthorised },
  payment_in_progress: { status: 409, message: ourMessages.paymentInProgress },
  provider_not_specified: { status: 422, message: paymentMessages.providerNotSpecified },
  provider_not_supported: { status: 422, message: paymentMessages.providerNotSupported('unknown') },
  paid_booking_disabled: { status: 403, message: statusMessages[403] },
  no_benefit: { status: 409, message: checkoutMessages.noBenefit },
  no_package: { status: 409, message: checkoutMessages.noPackage },
  item_not_movable: { status: 409, message: checkoutMessages.notMovable },
  not_for_sale: { status: 409, message: checkoutMessages.notForSale },
  penalty_not_outstanding: { status: 409, message: checkoutMessages.penaltyNotOutstanding },
  online_booking_blocked: { status: 403, message: ourMessages.onlineBookingBlocked('later') },
  no_membership: { status: 409, message: checkoutMessages.noMembership },
  already_member: { status: 409, message: checkoutMessages.alreadyMember },
  same_plan: { status: 409, message: checkoutMessages.samePlan },
  credit_not_applied: { status: 422, message: toastMessages.creditFailed },
  credit_changed: { status: 409, message: checkoutMessages.creditChanged },
  card_required: { status: 422, message: checkoutMessages.cardRequired },
  sca_not_required: { status: 409, message: checkoutMessages.scaNotRequired },
  three_d_secure_failed: { status: 402, message: paymentMessages.threeDSecureFailed },
  till_required: { status: 422, message: checkoutMessages.tillRequired },
  webhook_signature: { status: 400, message: checkoutMessages.webhookSignature },
  payment_provider_failed: { status: 502, message: paymentMessages.authorizeFailed },
  stripe_config_failed: { status: 502, message: paymentMessages.stripeConfigFailed },
  no_transaction_id: { status: 422, message: paymentMessages.noTransactionId },
  provider_not_in_session: { status: 422, message: paymentMessages.providerNotInSession },
  /** The configured provider has no way to prepare: the message names it and what it lacks (decision 145). */
  provider_lacks: { status: 422, message: paymentMessages.providerLacks('unknown', 'payment preparation') },
  /** POST /checkout/session/payment made no transaction (the same payment is still in flight): decision 145. */
  create_transaction_failed: { status: 409, message: paymentMessages.createTransactionFailed },
  maintenance: { status: 503, message: pageMessages.maintenance },
  /** Too much expensive work in flight (password hashing): try again shortly, as Retry-After says. */
  busy: { status: 503, message: ourMessages.busy },
  login_throttled: { status: 429, message: accountMessages.loginThrottled },
  token_invalid: { status: 401, message: accountMessages.tokenInvalid },
  reset_link_invalid: { status: 422, message: accountMessages.resetLinkInvalid },
  link_self: { status: 422, message: accountMessages.linkSelf },
  link_exists: { status: 409, message: accountMessages.linkExists },
  link_unchangeable: { status: 409, message: accountMessages.linkUnchangeable },
  booking_not_cancellable: { status: 409, message: accountMessages.bookingNotCancellable },
  // Courses, camps, questions and waivers (docs/decisions/080-084).
  induction_required: { status: 409, message: restrictionMessages.inductionFirstUnnamed },
  waivers_incomplete: { status: 422, message: toastMessages.waiverError },
  attendance_too_early: { status: 409, message: bookingRecordMessages.notStarted },
  booking_not_settled: { status: 409, message: bookingRecordMessages.notSettled },
  discount_not_applied: { status: 400, message: ticketPriceMessages.noCustomer },
  // The staff console (issue 15).
  desk_timed_out: { status: 401, message: staffMessages.deskTimedOut },
  till_already_open: { status: 409, message: tillMessages.alreadyOpen },
  till_not_open: { status: 409, message: tillMessages.notOpen },
  internal: { status: 500, message: statusMessages.default },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

/** The one error type the code throws. The handler turns it into the status and message of the catalogue. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors: FieldErrors | undefined;
  readonly data: unknown;
  /** Sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, options: { message?: string; fieldErrors?: FieldErrors; data?: unknown; retryAfterSeconds?: number } = {}) {
    super(options.message ?? errorCatalogue[code].message);
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.fieldErrors = options.fieldErrors;
    this.data = options.data;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** A 422 for one or more fields, with the message of the first. */
export function fieldError(errors: FieldErrors): AppError {
  const first = Object.values(errors)[0]?.[0] ?? sharedDefaultMessage;
  return new AppError('validation_failed', { message: first, fieldErrors: errors });
}

export const notFound = () => new AppError('not_found');
