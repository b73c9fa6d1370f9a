import { z } from './zod-setup';

/** Vocabulary of the spec, one place. */
export const bookingTypes = ['classes', 'resources', 'ticketed', 'courses', 'camps'] as const;
export const bookingType = z.enum(bookingTypes);
export type BookingType = z.infer<typeof bookingType>;

/** The three kinds that have a day timetable (doc 2: v2Type). */
export const timetableKinds = ['classes', 'resources', 'ticketed'] as const;

export const occurrenceStatus = z.enum(['bookable', 'cancelled', 'clashing']);
export type OccurrenceStatus = z.infer<typeof occurrenceStatus>;

export const bookingStatus = z.enum(['settled', 'reserved', 'cancelled']);
export type BookingStatus = z.infer<typeof bookingStatus>;

export const bookableActions = ['book', 'cancel_booking', 'cancel_reservation', 'join_waitlist', 'leave_waitlist'] as const;
export const bookableActionKind = z.enum(bookableActions);
export type BookableActionKind = z.infer<typeof bookableActionKind>;

export const sources = z.enum(['online', 'foh']);
export type Source = z.infer<typeof sources>;

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
export const tenderType = z.enum(tenderTypes);
export type TenderType = z.infer<typeof tenderType>;
/** Tenders that need a till (front of house). */
export const tillTenders: readonly TenderType[] = ['cash', 'cheque', 'offline-voucher'];

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
export const purchasableType = z.enum(purchasableTypes);
/**
 * Ours: the spec lists cart kinds membership, membership_change and journal_transaction (a credit top-up) but no
 * purchasable type to add them by; these name them (docs/decisions/030-cart-item-kinds.md).
 */
export const ourPurchasableTypes = ['membership', 'membershipChange', 'journalTransaction'] as const;
export const addablePurchasableType = z.enum([...purchasableTypes, ...ourPurchasableTypes]);
export type AddablePurchasableType = z.infer<typeof addablePurchasableType>;
export type PurchasableType = z.infer<typeof purchasableType>;

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
export const cartItemKind = z.enum(cartItemKinds);
export type CartItemKind = z.infer<typeof cartItemKind>;

export const orderStatus = z.enum(['success', 'pending', 'cancelled', 'awaiting_payment']);
export const refundStatus = z.enum(['partial', 'full', 'off-system', 'mixed']);

export const onboardingTypes = z.enum([
  'customer_account_online',
  'customer_account_foh',
  'membership_purchase',
  'course_pro_bridge',
  'mcr_active',
]);

export const fontStyles = z.enum(['garage_gothic', 'lato', 'open_sans', 'roboto']);
export type FontStyle = z.infer<typeof fontStyles>;

export const paymentProviders = ['sandbox', 'stripe', 'opayo', 'ryft'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];
