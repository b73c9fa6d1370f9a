import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, occurrences, orderLines, paymentLines, schedules, users, venues } from '../../db/schema';
import { addressLine } from './brand';
import type { EmailSession } from './kinds';
import { queueEmail } from './queue';

/** How a tender reads on a receipt. */
const tenderNames: Record<string, string> = {
  card: 'Card',
  cash: 'Cash',
  cheque: 'Cheque',
  'offline-voucher': 'Voucher',
  voucher: 'Voucher',
  'gift-card': 'Gift card',
  'membership-credit': 'Membership credit',
  'general-credit': 'Account credit',
  credit: 'Account credit',
  'direct-debit': 'Direct debit',
  inclusive: 'Included in membership',
};

/** The order's booked sessions, soonest first, as the emails and the calendar file show them. */
export async function sessionsOfOrder(tx: Tx, clientId: number, orderId: number, customerId: number): Promise<EmailSession[]> {
  const rows = await tx
    .select({
      bookingId: bookings.id,
      userId: bookings.userId,
      title: schedules.name,
      startsAt: occurrences.startsAt,
      endsAt: occurrences.endsAt,
      venue: venues,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(bookings)
    .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .innerJoin(venues, eq(venues.id, occurrences.venueId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.clientId, clientId), eq(bookings.orderId, orderId), inArray(bookings.status, ['settled'])))
    .orderBy(asc(occurrences.startsAt), asc(bookings.id));
  return rows.map((r) => ({
    bookingId: r.bookingId,
    title: r.title,
    start: r.startsAt.toISOString(),
    end: r.endsAt.toISOString(),
    venue: r.venue.name,
    address: addressLine(r.venue),
    attendee: r.userId === customerId ? null : `${r.firstName} ${r.lastName}`,
  }));
}

/**
 * The emails of a completed order, queued in the transaction that writes it (decision 105): the receipt always,
 * the booking confirmation (with its .ics) when the order booked sessions. Keyed by the order, so however the order
 * came to be written (online, the front desk, a late payment), each is sent once.
 */
export async function queueOrderEmails(tx: Tx, o: { clientId: number; orderId: number; userId: number; total: number; now: Date }) {
  const [customer] = await tx
    .select()
    .from(users)
    .where(and(eq(users.clientId, o.clientId), eq(users.id, o.userId)));
  if (!customer) return;
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, o.orderId)).orderBy(asc(orderLines.id));
  const payments = await tx.select().from(paymentLines).where(eq(paymentLines.orderId, o.orderId)).orderBy(asc(paymentLines.id));
  const base = { clientId: o.clientId, to: customer.email, now: o.now };
  const sessions = await sessionsOfOrder(tx, o.clientId, o.orderId, o.userId);
  if (sessions.length > 0) {
    await queueEmail(tx, {
      ...base,
      kind: 'booking_confirmation',
      data: { customerName: customer.firstName, orderId: o.orderId, sessions },
      dedupeKey: `booking_confirmation:order:${o.orderId}`,
    });
  }
  await queueEmail(tx, {
    ...base,
    kind: 'order_receipt',
    data: {
      customerName: customer.firstName,
      orderId: o.orderId,
      lines: lines.map((l) => ({ description: l.quantity > 1 ? `${l.name} x ${l.quantity}` : l.name, amount: l.lineTotal })),
      total: o.total,
      payments: payments
        .filter((p) => p.amount !== 0)
        .map((p) => ({ method: tenderNames[p.tenderType] ?? p.tenderType, amount: p.amount })),
    },
    dedupeKey: `order_receipt:order:${o.orderId}`,
  });
}
