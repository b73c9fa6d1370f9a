import { deskRegisterMessages, type RegisterView, type WalkInBody } from '@app/contracts';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import { bookings, occurrences } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { releaseExpiredHolds } from '../bookings/capacity';
import { audit } from './audit';
import type { StaffCtx } from './guard';
import { findCustomer } from './queries';
import { registerOf } from './registers';

/**
 * Takes one foh place on a session for a walk-in, in one conditional UPDATE (decision 166): only while the place fits
 * (the whole capacity, or the foh share under the split strategy), and while the session is neither cancelled,
 * deleted nor over. Unlike a basket add it ignores the booking close (a walk-in arrives at the door, often after the
 * start). PostgreSQL serialises concurrent UPDATEs of the row and re-checks the condition, so two tablets adding the
 * last place never both get it; the row stays locked until the walk-in's booking commits.
 */
async function takeWalkInPlace(tx: Tx, clientId: number, occurrenceId: string, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE ${occurrences} SET capacity_consumed = capacity_consumed + 1, consumed_foh = consumed_foh + 1
      WHERE id = ${occurrenceId} AND client_id = ${clientId} AND status <> 'cancelled' AND deleted_at IS NULL AND ends_at > ${now}
        AND CASE WHEN capacity_strategy = 'split' THEN consumed_foh + 1 <= coalesce(capacity_foh, 0)
              ELSE capacity_consumed + 1 <= capacity_maximum END
      RETURNING id`,
  );
  return rows.length > 0;
}

/** Why nothing was taken: no such session here (404), over or cancelled, or full (409). */
async function refusal(tx: Tx, clientId: number, occurrenceId: string, now: Date): Promise<AppError> {
  const [o] = await tx
    .select({ status: occurrences.status, deletedAt: occurrences.deletedAt, endsAt: occurrences.endsAt })
    .from(occurrences)
    .where(and(eq(occurrences.id, occurrenceId), eq(occurrences.clientId, clientId)));
  if (!o || o.deletedAt) return notFound();
  if (o.status === 'cancelled' || o.endsAt <= now)
    return new AppError('occurrence_not_bookable', { message: deskRegisterMessages.sessionOver });
  return new AppError('occurrence_full', { message: deskRegisterMessages.noRoom });
}

/**
 * Adds a walk-in to a register: a customer of this client (found by search or just registered) gets a paid foh
 * booking of the session if there is room, marked attended when the session has started (they are at the door).
 * Nothing is charged here: a sale, if any, goes through the till. Someone already booked on it is refused (409),
 * checked after the place is taken, while the session's row is locked, so a double press adds them once.
 */
export async function addWalkIn(c: StaffCtx, occurrenceId: string, body: WalkInBody): Promise<RegisterView> {
  const customer = await findCustomer(c.db, c.client.id, body.user_id);
  if (!customer) throw notFound();
  const now = c.clock.now();
  await inTransaction(c.db, async (tx) => {
    let taken = await takeWalkInPlace(tx, c.client.id, occurrenceId, now);
    // Places held in baskets whose hold has lapsed are given back first, as a basket add would.
    if (!taken && (await releaseExpiredHolds(tx, occurrenceId, now)) > 0) taken = await takeWalkInPlace(tx, c.client.id, occurrenceId, now);
    if (!taken) throw await refusal(tx, c.client.id, occurrenceId, now);
    const [held] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.occurrenceId, occurrenceId),
          eq(bookings.userId, customer.id),
          ne(bookings.status, 'cancelled'),
          or(eq(bookings.status, 'settled'), sql`${bookings.holdExpiresAt} > ${now}`),
        ),
      )
      .limit(1);
    if (held) throw new AppError('already_booked');
    const [o] = await tx.select({ startsAt: occurrences.startsAt }).from(occurrences).where(eq(occurrences.id, occurrenceId));
    const started = (o?.startsAt ?? now) <= now;
    const [b] = await tx
      .insert(bookings)
      .values({
        clientId: c.client.id,
        userId: customer.id,
        occurrenceId,
        status: 'settled',
        capacityConsumed: 1,
        price: 0,
        source: 'foh',
        attended: started ? 'attended' : null,
        createdAt: now,
      })
      .returning({ id: bookings.id });
    await audit(c, 'walk_in.added', customer.id, { occurrence_id: occurrenceId, booking_id: b?.id, attended: started }, tx);
  });
  return registerOf(c, occurrenceId);
}
