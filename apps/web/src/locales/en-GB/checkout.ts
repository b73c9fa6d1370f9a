import { basketMessages, ourMessages, paymentMessages, toastMessages } from '@app/contracts';

export const checkout = {
  title: 'Checkout',
  summary: 'Your basket',
  editBasket: basketMessages.editBasket,
  basketCost: basketMessages.basketCost,
  totalToPay: basketMessages.totalToPay,
  agreeTerms: basketMessages.agreeTerms,
  readTerms: 'Read the Terms and Conditions',
  termsRequired: ourMessages.termsRequired,
  empty: basketMessages.emptyLoggedIn,
  billing: {
    legend: 'Billing details',
    firstName: 'First name',
    lastName: 'Last name',
    address1: 'Address line 1',
    address2: 'Address line 2 (optional)',
    city: 'Town or city',
    postcode: 'Postcode',
  },
  card: {
    legend: 'Card details',
    number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    securityCode: 'Security code',
    name: 'Name on card',
    testHint: 'Test mode: use card 4242 4242 4242 4242 with any future expiry date.',
  },
  pay: 'Pay {{amount}}',
  processing: 'Processing payment',
  errors: paymentMessages,
  toasts: { completed: toastMessages.orderCompleted },
} as const;
