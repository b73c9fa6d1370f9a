import { dayjs, type RegisterMarkBody, type RegisterSession, type RegisterView, todayIn } from '@app/contracts';
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bookings, cartItems, carts, customQuestions, occurrences, schedules, users, venues } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { markAttendance } from '../booking-bundles/records';
import { capacityFor } from '../timetable/occurrence-view';
import { answerText } from './answer-text';
import { audit } from './audit';
import type { StaffCtx } from './guard';
import { waiversOfMany } from './queries';

/** Counts of a session's paid bookings, by attendance. */
const counts = {
  booked: sql<number>`(select count(*)::int from ${bookings} b where b.occurrence_id = ${occurrences.id} and b.status = 'settled')`,
  attended: sql<number>`(select count(*)::int from ${bookings} b where b.occurrence_id = ${occurrences.id} and b.status = 'settled' and b.attended = 'attended')`,
  absent: sql<number>`(select count(*)::int from ${bookings} b where b.occurrence_id = ${occurrences.id} and b.status = 'settled' and b.attended = 'absent')`,
};

const sessionColumns = {
  occurrence: occurrences,
  name: schedules.name,
  ...counts,
};

function toSession(r: {
  occurrence: typeof occurrences.$inferSelect;
  name: string;
  booked: number;
  attended: number;
  absent: number;
}): RegisterSession {
  return {
    id: r.occurrence.id,
    name: r.name,
    booking_type: r.occurrence.bookingType,
    starts_at: r.occurrence.startsAt.toISOString(),
    ends_at: r.occurrence.endsAt.toISOString(),
    status: r.occurrence.status,
    // The desk's places (the foh share under the split strategy), as walk-ins and desk bookings take them (decision 233).
    capacity: capacityFor(r.occurrence, 'foh'),
    booked: Number(r.booked),
    attended: Number(r.attended),
    absent: Number(r.absent),
  };
}

/** A venue's sessions on a day in the client's time zone, in start order; 404 for another client's venue. */
export async function registersOf(c: StaffCtx, venueId: number, date?: string): Promise<RegisterSession[]> {
  const [venue] = await c.db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.id, venueId), eq(venues.clientId, c.client.id)));
  if (!venue) throw notFound();
  const day = date ?? todayIn(c.client.timezone, c.clock.now());
  const from = dayjs.tz(day, c.client.timezone);
  const rows = await c.db
    .select(sessionColumns)
    .from(occurrences)
    .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .where(
      and(
        eq(occurrences.clientId, c.client.id),
        eq(occurrences.venueId, venueId),
        isNull(occurrences.deletedAt),
        gte(occurrences.startsAt, from.toDate()),
        lt(occurrences.startsAt, from.add(1, 'day').toDate()),
      ),
    )
    .orderBy(asc(occurrences.startsAt), asc(schedules.name));
  return rows.map(toSession);
}

/** One session's register: its paid bookings with names, who booked, answers and waivers agreed. Audited. */
export async function registerOf(c: StaffCtx, occurrenceId: string): Promise<RegisterView> {
  const [row] = await c.db
    .select(sessionColumns)
    .from(occurrences)
    .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .where(and(eq(occurrences.clientId, c.client.id), eq(occurrences.id, occurrenceId), isNull(occurrences.deletedAt)));
  if (!row) throw notFound();
  const booker = alias(users, 'booker');
  const list = await c.db
    .select({ booking: bookings, user: users, booker, options: cartItems.options })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(cartItems, eq(cartItems.id, bookings.cartItemId))
    .leftJoin(carts, eq(carts.id, cartItems.cartId))
    .leftJoin(booker, eq(booker.id, carts.userId))
    .where(and(eq(bookings.clientId, c.client.id), eq(bookings.occurrenceId, occurrenceId), eq(bookings.status, 'settled')))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(bookings.id));
  const waivers = await waiversOfMany(
    c.db,
    c.client.id,
    list.map((l) => l.user.id),
  );
  type Answer = { custom_question_id: number; answer: unknown };
  const answersOf = (options: unknown): Answer[] => {
    const given = (options as { custom_question_answers?: Answer[] } | null)?.custom_question_answers;
    return Array.isArray(given) ? given : [];
  };
  const questionIds = [...new Set(list.flatMap((l) => answersOf(l.options).map((a) => a.custom_question_id)))];
  const questions = new Map(
    (questionIds.length === 0
      ? []
      : await c.db
          .select({ id: customQuestions.id, question: customQuestions.question, options: customQuestions.options })
          .from(customQuestions)
          .where(and(eq(customQuestions.clientId, c.client.id), inArray(customQuestions.id, questionIds)))
    ).map((q) => [q.id, q]),
  );
  await audit(c, 'register.viewed', null, { occurrence_id: occurrenceId });
  return {
    session: toSession(row),
    started: row.occurrence.startsAt <= c.clock.now(),
    attendees: list.map((l) => {
      return {
        booking_id: l.booking.id,
        user: { id: l.user.id, first_name: l.user.firstName, last_name: l.user.lastName, reference: l.user.reference },
        booked_by:
          l.booker && l.booker.id !== l.user.id ? { id: l.booker.id, first_name: l.booker.firstName, last_name: l.booker.lastName } : null,
        source: l.booking.source,
        attended: l.booking.attended,
        answers: answersOf(l.options).map((a) => {
          const q = questions.get(a.custom_question_id);
          return {
            custom_question_id: a.custom_question_id,
            question: q?.question ?? '',
            answer: a.answer,
            answer_text: answerText(q?.options ?? [], a.answer),
          };
        }),
        waivers: (waivers.get(l.user.id) ?? []).map((w) => ({ name: w.name, agreed_at: w.agreedAt.toISOString() })),
      };
    }),
  };
}

/**
 * Marks attendance on a register through the spec's attendance update (markAttendance: settled bookings of a
 * started session, conditional on both), for bookings of this session only, with one audit row per customer.
 */
export async function markRegister(c: StaffCtx, occurrenceId: string, body: RegisterMarkBody): Promise<RegisterView> {
  const mine = await c.db
    .select({ id: bookings.id, userId: bookings.userId, startsAt: occurrences.startsAt })
    .from(bookings)
    .innerJoin(occurrences, eq(occurrences.id, bookings.occurrenceId))
    .where(and(eq(bookings.clientId, c.client.id), eq(bookings.occurrenceId, occurrenceId), inArray(bookings.id, body.booking_ids)));
  if (mine.length !== new Set(body.booking_ids).size) throw notFound();
  // The mark, its no-show penalty and its audit rows are markAttendance's, whichever call marks.
  await markAttendance(c, body.booking_ids, body.status);
  return registerOf(c, occurrenceId);
}
