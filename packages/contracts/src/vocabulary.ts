/*
 * The spec's vocabulary as plain values (decision 210): a page that reads them does not load zod; enums.ts builds the
 * wire's schemas from them.
 */

/** Vocabulary of the spec, one place. */
export const bookingTypes = ['classes', 'resources', 'ticketed', 'courses', 'camps'] as const;
/** The three kinds that have a day timetable (doc 2: v2Type). */
export const timetableKinds = ['classes', 'resources', 'ticketed'] as const;
export const bookableActions = ['book', 'cancel_booking', 'cancel_reservation', 'join_waitlist', 'leave_waitlist'] as const;
/** The cart a purchase goes into; the spec's default payment source. */
export const defaultCartSource = 'activity-booking';
export const tenderTypes = [
  'cash',
  'card',
  'cheque',
  'offline-voucher',
  'float',
  'online',
  'off-system',
  'direct-debit',
  'voucher',
  'gift-card',
  'inclusive',
  'credit',
  // Ours: the spec leaves the names of the two credit tenders open (docs/decisions/031-credit-tenders.md).
  'membership-credit',
  'general-credit',
] as const;
export const purchasableTypes = [
  'pricingOption',
  'booking',
  'activity',
  'penalty',
  'activityTicket',
  'collectableFee',
  'membershipRenewal',
  'purchasableOccurrence',
  'av2Booking',
  'course',
  'camp',
  'av2BookingBundle',
  'debtReconciliation',
  'debt',
] as const;
/**
 * Ours: the spec lists cart kinds membership, membership_change and journal_transaction (a credit top-up) but no
 * purchasable type to add them by; these name them (docs/decisions/030-cart-item-kinds.md).
 */
export const ourPurchasableTypes = ['membership', 'membershipChange', 'journalTransaction'] as const;
export const cartItemKinds = [
  'av2_booking',
  'av2_booking_bundle',
  'journal_transaction',
  'membership',
  'membership_change',
  'membership_renewal',
  'penalty',
  'pricing_option',
] as const;
export const paymentProviders = ['sandbox', 'stripe', 'opayo', 'ryft'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];
