import { bookableActions, bookingTypes, cartItemKinds, ourPurchasableTypes, purchasableTypes, tenderTypes } from './vocabulary';
import { z } from './zod-setup';

export * from './vocabulary';

export const bookingType = z.enum(bookingTypes);
export type BookingType = z.infer<typeof bookingType>;

export const occurrenceStatus = z.enum(['bookable', 'cancelled', 'clashing']);
export type OccurrenceStatus = z.infer<typeof occurrenceStatus>;

export const bookingStatus = z.enum(['settled', 'reserved', 'cancelled']);
export type BookingStatus = z.infer<typeof bookingStatus>;

export const bookableActionKind = z.enum(bookableActions);
export type BookableActionKind = z.infer<typeof bookableActionKind>;

export const sources = z.enum(['online', 'foh']);
export type Source = z.infer<typeof sources>;

export const tenderType = z.enum(tenderTypes);
export type TenderType = z.infer<typeof tenderType>;
/** Tenders that need a till (front of house). */
export const tillTenders: readonly TenderType[] = ['cash', 'cheque', 'offline-voucher'];

export const purchasableType = z.enum(purchasableTypes);
export const addablePurchasableType = z.enum([...purchasableTypes, ...ourPurchasableTypes]);
export type AddablePurchasableType = z.infer<typeof addablePurchasableType>;
export type PurchasableType = z.infer<typeof purchasableType>;

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
