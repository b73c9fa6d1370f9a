import { basketMessages, toastMessages } from '@app/contracts';

export const basket = {
  ...basketMessages,
  logIn: 'Log in',
  itemCount_one: '{{count}} item',
  itemCount_other: '{{count}} items',
  total: 'Total',
  remove: 'Remove',
  removeItem: 'Remove {{name}}',
  removing: 'Removing {{name}}',
  expired: 'Expired',
  expiredText: 'The place held for this item has been released. Remove it and book again.',
  heldUntil: 'Held until {{time}}',
  readTerms: 'Read the Terms and Conditions',
  termsTitle: 'Terms and Conditions',
  close: 'Close',
  summary: 'Summary',
  items: 'Items in your basket',
  toasts: { added: toastMessages.cartAdded, removed: toastMessages.cartRemoved },
} as const;
