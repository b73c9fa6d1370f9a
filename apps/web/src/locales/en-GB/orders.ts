export const orders = {
  confirmed: {
    title: 'Booking confirmed',
    intro: 'Thank you. Your booking is confirmed.',
    orderNumber: 'Order number {{id}}',
    lines: 'Your bookings',
    /** Decision 170: the venue's own words on arriving. */
    arrival: 'When you arrive',
    total: 'Total',
    payments: 'Payment',
    paidBy: 'Paid by {{tender}}',
    tenders: {
      card: 'card',
      credit: 'credit',
      'membership-credit': 'membership credit',
      'general-credit': 'general credit',
    } as Record<string, string>,
    bookAnother: 'Book another activity',
    failed: 'We could not load your order.',
    credited: 'The place was no longer free: the price has been added to your account credit.',
  },
  orderConfirmed: {
    title: 'Order confirmed',
    intro: 'Thank you. Your order is complete.',
    lines: 'Your order',
  },
} as const;
