import {
  type CancellationSourceName,
  cancellationMessages,
  creditKindOf,
  decideCancellation,
  lateCancellationPenalty,
  splitRefund,
  waiveCancellationFee,
} from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Conn, Tx } from '../../db/client';
import {
  bookingCancellations,
  bookings,
  cartItems,
  clients,
  creditLedger,
  occurrences,
  orders,
  packages,
  paymentLines,
  paymentRefunds,
  paymentTransactions,
  penalties,
  schedules,
  users,
  venues,
} from '../../db/schema';
import type { Deps } from '../../http/context';
import { givePlacesBack } from '../bookings/capacity';
import { oweRefund, refundNow } from '../checkout/refunds';
import { lockOrder, refreshRefundStatus } from '../orders/refund-status';
import { policyOf as penaltyPolicyOf, recordPenalty } from '../staff/penalties';
import { offerFreedPlaces } from '../waitlists/offers';
import { notifyCancelled, notifySessionCancelled } from './notify';
import { policiesOf } from './policy';

/**
 * Cancelling one paid booking by the policy that applies to it (docs/decisions/100 and 101). In the caller's
 * transaction: the booking moves settled -> cancelled in one conditional UPDATE (a double-click or a second tab finds
 * it cancelled and does nothing), its places go back and are offered to the waitlist, and what the policy gives back
 * is written: a card refund owed (carried out by checkout/refunds.ts, idempotent by refund id), credit in the ledger,
 * the fee not covered as a penalty, the order's refund_status, one booking_cancellations row (the booking is its key,
 * so the money moves once), and the email. The card refund runs after commit (refundNow, with its durable job as the
 * backstop).
 */

export type CancelOutcome =
  | { status: 'cancelled'; refundIds: string[]; cardRefund: number; credit: number; offSystem: number; fee: number }
  | { status: 'refused'; reason: string }
  | { status: 'gone' };

export interface CancelInput {
  clientId: number;
  bookingId: number;
  source: CancellationSourceName;
  now: Date;
  /**
   * The desk cancelling for the customer (decision 165): the customer's late-cancellation penalty applies as if they
   * had cancelled themselves, unless staff waived the charge, which also drops the policy's fee.
   */
  desk?: { waiveCharge: boolean };
}

async function bookingFacts(tx: Conn, clientId: number, bookingId: number) {
  const [row] = await tx
    .select({
      booking: bookings,
      startsAt: occurrences.startsAt,
      endsAt: occurrences.endsAt,
      venue: venues.name,
      scheduleId: occurrences.scheduleId,
      categoryId: occurrences.categoryId,
      /** The venue cancelled the session: deleted by staff (or cancelled). */
      sessionCancelled: sql<boolean>`(${occurrences.deletedAt} IS NOT NULL OR ${occurrences.status} = 'cancelled')`,
      name: schedules.name,
      timezone: clients.timezone,
      currency: clients.currency,
      attendee: { firstName: users.firstName, lastName: users.lastName },
      /** Whoever paid: the order's customer (a parent booking for a linked child); no order, the attendee. */
      payerId: sql<number>`coalesce(${orders.userId}, ${bookings.userId})`,
    })
    .from(bookings)
    .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .innerJoin(venues, eq(venues.id, occurrences.venueId))
    .innerJoin(clients, eq(clients.id, bookings.clientId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(orders, eq(orders.id, bookings.orderId))
    .where(and(eq(bookings.id, bookingId), eq(bookings.clientId, clientId)));
  return row;
}

/** What of an order's payment is still to go back, per tender: what was paid less what earlier cancellations gave back. */
async function refundableOf(tx: Tx, orderId: number) {
  const lines = await tx.select().from(paymentLines).where(eq(paymentLines.orderId, orderId));
  const [given] = await tx
    .select({
      card: sql<string>`coalesce(sum(${bookingCancellations.cardRefund}), 0)`,
      membership: sql<string>`coalesce(sum(${bookingCancellations.membershipCredit}) FILTER (WHERE ${bookingCancellations.outcome} = 'refund'), 0)`,
      general: sql<string>`coalesce(sum(${bookingCancellations.generalCredit}) FILTER (WHERE ${bookingCancellations.outcome} = 'refund'), 0)`,
      offSystem: sql<string>`coalesce(sum(${bookingCancellations.offSystem}), 0)`,
    })
    .from(bookingCancellations)
    .where(eq(bookingCancellations.orderId, orderId));
  const paid = { card: 0, membershipCredit: 0, generalCredit: 0, offSystem: 0 };
  let cardTransaction: string | null = null;
  for (const l of lines) {
    const kind = creditKindOf(l.tenderType);
    if (l.tenderType === 'card' || l.tenderType === 'online') {
      paid.card += l.amount;
      cardTransaction ??= l.transactionUuid;
    } else if (kind === 'membership') paid.membershipCredit += l.amount;
    else if (kind === 'general') paid.generalCredit += l.amount;
    else paid.offSystem += l.amount;
  }
  let transaction: typeof paymentTransactions.$inferSelect | null = null;
  let cardLeft = paid.card - Number(given?.card ?? 0);
  if (cardTransaction) {
    const [t] = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, cardTransaction));
    if (t) {
      transaction = t;
      // Refunds owed by anything else (reconciliation, a basket paid twice) count too: never more than was captured.
      const [owed] = await tx
        .select({ n: sql<string>`coalesce(sum(${paymentRefunds.amount}), 0)` })
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.transactionUuid, t.uuid), sql`${paymentRefunds.status} <> 'failed'`));
      cardLeft = Math.min(cardLeft, t.capturedAmount - Number(owed?.n ?? 0));
    }
  } else cardLeft = 0; // no transaction to refund against: what was paid by card goes back at the desk
  return {
    left: {
      card: Math.max(0, cardLeft),
      membershipCredit: Math.max(0, paid.membershipCredit - Number(given?.membership ?? 0)),
      generalCredit: Math.max(0, paid.generalCredit - Number(given?.general ?? 0)),
      offSystem: Math.max(0, paid.offSystem - Number(given?.offSystem ?? 0)) + (cardTransaction ? 0 : paid.card - Number(given?.card ?? 0)),
    },
    transaction,
  };
}

/** The package use a booking's basket line spent (fulfil.ts takes one per line with options.package), given back. */
async function givePackageUseBack(tx: Tx, cartItemId: number): Promise<void> {
  const [line] = await tx.select({ options: cartItems.options }).from(cartItems).where(eq(cartItems.id, cartItemId));
  const used = (line?.options as { package?: { packageId?: number } } | undefined)?.package?.packageId;
  if (typeof used !== 'number') return;
  await tx
    .update(packages)
    .set({ usesRemaining: sql`${packages.usesRemaining} + 1` })
    .where(eq(packages.id, used));
}

export async function cancelOne(tx: Tx, deps: Deps, input: CancelInput): Promise<CancelOutcome> {
  const { clientId, bookingId, now } = input;
  // The order's row first (decision 190): every change to what went back on an order (cancellations, a refund's
  // answer) is made under it, so refund_status is computed from everything committed before and two cancellations of
  // one order cannot leave a stale one. Then the session's row, as every change to its places takes it (lock order:
  // order, session, booking), so whether the venue has cancelled it is read as it stands (decision 194).
  const [paidBy] = await tx
    .select({ orderId: bookings.orderId, occurrenceId: bookings.occurrenceId })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.clientId, clientId)));
  if (!paidBy) return { status: 'gone' };
  if (paidBy.orderId !== null) await lockOrder(tx, paidBy.orderId);
  await tx.select({ id: occurrences.id }).from(occurrences).where(eq(occurrences.id, paidBy.occurrenceId)).for('update');
  const f = await bookingFacts(tx, clientId, bookingId);
  if (!f) return { status: 'gone' };
  // Only the venue's cancellation of the session (its deletion) cancels with the venue's terms: no cut-off, no fee,
  // the money always back, even once the start has passed. Any other caller sending 'occurrence' for a session still
  // on is refused (decision 191). And once the venue has cancelled the session, every cancellation of its bookings
  // is the venue's, whoever gets there first: a customer (or the desk) cancelling before the session's own
  // cancellation job has run is not charged by their policy for a session the venue called off (decision 194).
  if (input.source === 'occurrence' && !f.sessionCancelled) return { status: 'refused', reason: cancellationMessages.sessionNotCancelled };
  const source: CancellationSourceName = f.sessionCancelled ? 'occurrence' : input.source;
  const base = (await policiesOf(tx, clientId))({ categoryId: f.categoryId, scheduleId: f.scheduleId });
  const policy = input.desk?.waiveCharge ? waiveCancellationFee(base) : base;
  const d = decideCancellation(
    policy,
    { status: f.booking.status, startsAt: f.startsAt, price: f.booking.price ?? 0, currency: f.currency, timeZone: f.timezone },
    source,
    now,
  );
  if (!d.canCancel)
    return f.booking.status === 'cancelled' ? { status: 'gone' } : { status: 'refused', reason: d.cannotCancelReason ?? '' };
  const [b] = await tx
    .update(bookings)
    .set({ status: 'cancelled', cancellationSource: source, cancelledAt: now })
    .where(
      and(
        eq(bookings.id, bookingId),
        eq(bookings.status, 'settled'),
        source === 'occurrence'
          ? sql`true`
          : sql`${bookings.occurrenceId} IN (SELECT id FROM ${occurrences} WHERE ${occurrences.startsAt} > ${now})`,
      ),
    )
    .returning();
  if (!b) return { status: 'gone' };
  // The place goes back and the waitlist is offered it, whoever cancelled; a deleted session offers nothing
  // (offerFreedPlaces), and its counts no longer matter.
  await givePlacesBack(tx, b.occurrenceId, b.capacityConsumed, b.source);
  await offerFreedPlaces(tx, deps, b.occurrenceId, now);

  // A session a package paid for gives its use back (the policy's money rules have nothing to give: it cost 0).
  // Once: only the transaction that moved the booking settled -> cancelled gets here.
  if (b.cartItemId !== null) await givePackageUseBack(tx, b.cartItemId);

  let split = { card: 0, membershipCredit: 0, generalCredit: 0, offSystem: 0 };
  const refundIds: string[] = [];
  if (b.orderId !== null && d.amountBack > 0) {
    const { left, transaction } = await refundableOf(tx, b.orderId);
    split = splitRefund(d.amountBack, left, d.outcome);
    if (split.card > 0 && transaction) refundIds.push(await oweRefund(tx, transaction, split.card, 'cancellation', now));
  } else if (b.orderId === null && d.amountBack > 0 && d.outcome !== 'refund') {
    split = splitRefund(d.amountBack, { card: 0, membershipCredit: 0, generalCredit: 0, offSystem: 0 }, d.outcome);
  }
  const credits = (
    [
      ['membership', split.membershipCredit],
      ['general', split.generalCredit],
    ] as const
  ).filter(([, n]) => n > 0);
  if (credits.length) {
    // Credit goes back to whoever paid, as a card refund goes back to their card; the reason names the attendee when
    // that is someone else (a parent's credit for their child's class).
    const forWhom = f.payerId === b.userId ? '' : ` (${f.attendee.firstName} ${f.attendee.lastName})`;
    await tx.insert(creditLedger).values(
      credits.map(([kind, amount]) => ({
        clientId,
        userId: f.payerId,
        kind,
        amount,
        reason: `Cancelled: ${f.name}${forWhom}`,
        orderId: b.orderId,
        createdAt: now,
      })),
    );
  }
  let penaltyId: number | null = null;
  if (d.feeOwed > 0) {
    const [p] = await tx
      .insert(penalties)
      .values({ clientId, userId: b.userId, bookingId: b.id, reason: 'Late cancellation', amount: d.feeOwed, createdAt: now })
      .returning({ id: penalties.id });
    penaltyId = p?.id ?? null;
  }
  // The operator's late-cancellation penalty (issue 15, decision 129) for a customer's own cancellation inside the
  // cut-off: its strike, or its fee only when the cancellation policy charged none (one charge per cancellation).
  const customersOwn = source === 'my-account' || source === 'customers' || (input.desk !== undefined && !input.desk.waiveCharge);
  if (customersOwn && lateCancellationPenalty(d, await penaltyPolicyOf(tx, clientId), f.startsAt, now))
    await recordPenalty(tx, clientId, b, { kind: 'late_cancellation', startsAt: f.startsAt, cancelledAt: now, cutOffAt: d.cutOff }, now);
  await tx.insert(bookingCancellations).values({
    bookingId: b.id,
    clientId,
    userId: b.userId,
    orderId: b.orderId,
    source,
    inside: d.inside,
    actions: d.actions,
    fee: d.fee,
    strike: d.strike,
    outcome: d.outcome,
    cardRefund: split.card,
    refundIds,
    membershipCredit: split.membershipCredit,
    generalCredit: split.generalCredit,
    offSystem: split.offSystem,
    penaltyId,
    createdAt: now,
  });
  if (b.orderId !== null) await refreshRefundStatus(tx, b.orderId);
  const money = {
    cardRefund: split.card,
    membershipCredit: split.membershipCredit,
    generalCredit: split.generalCredit,
    offSystem: split.offSystem,
    fee: d.fee,
  };
  // The email goes to whoever paid (they see the refund or credit), naming the attendee when that is someone else.
  const facts = {
    clientId,
    userId: f.payerId,
    attendee: f.payerId === b.userId ? null : `${f.attendee.firstName} ${f.attendee.lastName}`,
    bookingId: b.id,
    name: f.name,
    startsAt: f.startsAt,
    endsAt: f.endsAt,
    venue: f.venue,
  };
  if (source === 'occurrence') await notifySessionCancelled(tx, facts, money, now);
  else await notifyCancelled(tx, facts, money, now);
  return {
    status: 'cancelled',
    refundIds,
    cardRefund: split.card,
    credit: split.membershipCredit + split.generalCredit,
    offSystem: split.offSystem,
    fee: d.fee,
  };
}

/** After the cancelling transaction commits: the immediate attempt at each card refund (the job retries). */
export async function refundAfterCommit(deps: Deps, outcomes: CancelOutcome[]): Promise<void> {
  for (const o of outcomes) if (o.status === 'cancelled') for (const id of o.refundIds) await refundNow(deps, id);
}
