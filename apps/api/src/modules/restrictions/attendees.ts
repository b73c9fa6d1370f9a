import {
  defaultCartSource,
  type PreviousAttendee,
  type QuestionWaiversBody,
  restrictionMessages,
  type WaiverAgreement,
} from '@app/contracts';
import { agreementCurrent, agreementExpiry, isAgreedByTerms } from '@app/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { cartItems, linkedUsers, occurrences, schedules, users, waiverAgreements } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { actingUserId } from '../auth/acting-for';
import { findOpenCart } from '../cart/queries';
import { findRestrictions, insertAgreements, latestAgreements } from './queries';
import { attendeeWaiversOf } from './service';

/**
 * The attendees calls of doc 1 (the /attendees page): who a waiver can be agreed for, agreeing it, and the check at
 * checkout that every attendee in the basket has agreed what their bookings need.
 */

const toAgreement = (a: typeof waiverAgreements.$inferSelect): WaiverAgreement => ({
  id: a.id,
  restriction_id: a.restrictionId,
  user_id: a.userId,
  agreed_by_user_id: a.agreedByUserId,
  terms_version: a.termsVersion,
  agreed_at: a.agreedAt.toISOString(),
  expires_at: a.expiresAt?.toISOString() ?? null,
});

/** The acting user and everyone they hold an accepted link to: the people they book for. */
async function peopleOf(c: AuthedCtx, userId: number) {
  const linked = await c.db
    .select({ id: linkedUsers.referencedUserId })
    .from(linkedUsers)
    .where(and(eq(linkedUsers.clientId, c.client.id), eq(linkedUsers.userId, userId), eq(linkedUsers.status, 'successful')));
  return c.db
    .select()
    .from(users)
    .where(and(eq(users.clientId, c.client.id), inArray(users.id, [userId, ...linked.flatMap((l) => (l.id === null ? [] : [l.id]))])))
    .orderBy(asc(users.id));
}

/**
 * GET {restriction}/question-waivers/previous-attendees: the people the caller (or the selected user) books for,
 * matching `query` by name, email or reference, each with their latest agreement of this waiver and the session in
 * the basket that needs it.
 */
export async function previousAttendees(
  c: AuthedCtx,
  restrictionId: number,
  q: { query?: string | undefined; selected_user_id?: number | undefined },
): Promise<PreviousAttendee[]> {
  const userId = await actingUserId(c, q.selected_user_id);
  const { rows } = await findRestrictions(c.db, c.client.id, { id: restrictionId });
  const restriction = rows[0]?.restriction;
  if (!restriction) throw notFound();
  const needle = q.query?.toLowerCase() ?? '';
  const people = (await peopleOf(c, userId)).filter(
    (p) =>
      !needle ||
      [p.firstName, p.lastName, `${p.firstName} ${p.lastName}`, p.email, p.reference].some((v) => v.toLowerCase().includes(needle)),
  );
  const agreements = await latestAgreements(
    c.db,
    people.map((p) => p.id),
    [restrictionId],
  );
  const cart = await findOpenCart(c.db, c.client.id, userId, defaultCartSource);
  const needed = cart ? (await attendeeWaiversOf(c.db, c, cart)).filter((w) => w.restriction_id === restrictionId) : [];
  const lineIds = needed.flatMap((n) => n.cart_item_ids);
  const lines = lineIds.length
    ? await c.db
        .select({ id: cartItems.id, occurrenceId: occurrences.id, startsAt: occurrences.startsAt, name: schedules.name })
        .from(cartItems)
        .innerJoin(occurrences, eq(occurrences.id, cartItems.occurrenceId))
        .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
        .where(inArray(cartItems.id, lineIds))
    : [];
  const now = c.clock.now();
  return people.map((p) => {
    const latest = agreements.find((a) => a.userId === p.id);
    const need = needed.find((n) => n.user_id === p.id);
    const line = need ? lines.find((l) => l.id === need.cart_item_ids[0]) : undefined;
    return {
      id: latest?.id ?? null,
      user_id: p.id,
      user_reference: p.reference,
      first_name: p.firstName,
      last_name: p.lastName,
      email: p.email,
      occurrence: line ? { occurrence_id: line.occurrenceId, name: line.name } : null,
      starts_at: line?.startsAt.toISOString() ?? null,
      created_at: latest?.agreedAt.toISOString() ?? null,
      waiver_current: agreementCurrent(latest, restriction.termsVersion, now),
      required: need !== undefined,
    };
  });
}

/**
 * POST question-waivers: the caller agrees waivers, each for a person they may book for (themselves, a linked user,
 * or, for staff, a customer), at the terms as they are now. Every agreement is kept; the latest counts.
 */
export async function recordWaivers(c: AuthedCtx, body: QuestionWaiversBody): Promise<WaiverAgreement[]> {
  await actingUserId(c, body.selected_user_id);
  const ids = [...new Set(body.waivers.map((w) => w.restriction_id))];
  const { rows } = await findRestrictions(c.db, c.client.id, {});
  const byId = new Map(rows.filter((r) => ids.includes(r.restriction.id)).map((r) => [r.restriction.id, r.restriction]));
  const errors: Record<string, string[]> = {};
  body.waivers.forEach((w, i) => {
    const r = byId.get(w.restriction_id);
    // An induction is met by booking it and an enhanced waiver is agreed with each booking, so neither is agreed here.
    if (!r || !isAgreedByTerms(r.type) || r.type === 'enhanced-pre-waiver')
      errors[`waivers.${i}.restriction_id`] = [restrictionMessages.notAWaiver];
  });
  if (Object.keys(errors).length > 0) throw fieldError(errors);
  for (const w of body.waivers) await actingUserId(c, w.user_id);
  const now = c.clock.now();
  const saved = await inTransaction(c.db, (tx) =>
    insertAgreements(
      tx,
      body.waivers.map((w) => {
        const r = byId.get(w.restriction_id) as NonNullable<ReturnType<typeof byId.get>>;
        return {
          clientId: c.client.id,
          restrictionId: r.id,
          userId: w.user_id,
          agreedByUserId: c.user.id,
          termsVersion: r.termsVersion,
          agreedAt: now,
          expiresAt: agreementExpiry(now, r.validForDays),
        };
      }),
    ),
  );
  return saved.map(toAgreement);
}

/**
 * Checkout's waiver check (authorise, complete, front-of-house pay): every attendee in the basket has a current
 * agreement of every post-purchase waiver their bookings need, and the completed_waivers sent are agreements the
 * caller made or that cover the basket's owner. Otherwise: 'Error with waivers, unable to complete order, please try
 * again', and nothing is charged.
 */
export async function requireAttendeeWaivers(
  c: AuthedCtx,
  cart: { id: number; userId: number },
  completedWaivers: number[],
  db: Conn = c.db,
): Promise<void> {
  if (completedWaivers.length > 0) {
    const found = await db
      .select()
      .from(waiverAgreements)
      .where(and(eq(waiverAgreements.clientId, c.client.id), inArray(waiverAgreements.id, [...new Set(completedWaivers)])));
    const ours = found.filter((a) => c.user.role === 'staff' || a.agreedByUserId === c.user.id || a.userId === cart.userId);
    if (ours.length !== new Set(completedWaivers).size) throw new AppError('waivers_incomplete');
  }
  if ((await attendeeWaiversOf(db, c, cart)).length > 0) throw new AppError('waivers_incomplete');
}
