import type { AccountPenalty } from '@app/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { bookings, occurrences, penalties, schedules } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { actingUserId } from '../auth/acting-for';

/**
 * GET /api/my-account/penalties (decision 167): a customer's penalties, newest first, with the session each is for,
 * so My account can show what is owed and put it in the basket (the basket's penalty item). Only their own, or a
 * linked user's they may act for; anyone else's id answers 404 like any unknown user.
 */
export async function accountPenalties(c: AuthedCtx, selectedUserId?: number): Promise<AccountPenalty[]> {
  const userId = await actingUserId(c, selectedUserId);
  const rows = await c.db
    .select({ penalty: penalties, name: schedules.name, startsAt: occurrences.startsAt })
    .from(penalties)
    .leftJoin(bookings, eq(bookings.id, penalties.bookingId))
    .leftJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .leftJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .where(and(eq(penalties.clientId, c.client.id), eq(penalties.userId, userId)))
    .orderBy(desc(penalties.createdAt), desc(penalties.id))
    .limit(100);
  return rows.map((r) => ({
    id: r.penalty.id,
    reason: r.penalty.reason,
    amount: r.penalty.amount,
    status: r.penalty.status,
    booking:
      r.penalty.bookingId !== null && r.name !== null && r.startsAt !== null
        ? { id: r.penalty.bookingId, name: r.name, starts_at: r.startsAt.toISOString() }
        : null,
    created_at: r.penalty.createdAt.toISOString(),
  }));
}
