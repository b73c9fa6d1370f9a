export const orders = {
  confirmed: {
    title: 'Booking confirmed',
    intro: 'Thank you. Your booking is confirmed.',
    orderNumber: 'Order number {{id}}',
    lines: 'Your bookings',
    total: 'Total',
    payments: 'Payment',
    paidBy: 'Paid by {{tender}}',
    tenders: { card: 'card', credit: 'credit' } as Record<string, string>,
    bookAnother: 'Book another activity',
    failed: 'We could not load your order.',
  },
} as const;
