import { and, eq } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { linkedUsers, users } from '../../db/schema';
import type { EmailSession } from '../notifications/kinds';
import { queueEmail } from '../notifications/queue';

/**
 * The emails of a booking's life after checkout: cancelled, session cancelled by the venue, waitlist offer. Each is
 * queued in the caller's transaction (notifications/queue.ts, decision 105), so it exists exactly when the change
 * that causes it commits and is sent once, by its dedupe key, by the email job.
 */

export interface SessionFacts {
  clientId: number;
  /** Whom the email goes to: for a cancellation, whoever paid (they see the money come back). */
  userId: number;
  /** Who the place was for, when not the one emailed (a parent's email about their child's class). */
  attendee?: string | null;
  bookingId: number;
  name: string;
  startsAt: Date;
  endsAt: Date;
  venue: string;
}

export interface MoneyBack {
  cardRefund: number;
  membershipCredit: number;
  generalCredit: number;
  offSystem: number;
  fee: number;
}

async function recipient(tx: Conn, userId: number) {
  const [u] = await tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId));
  return u?.email ? { to: u.email, customerName: u.firstName } : null;
}

const session = (s: SessionFacts): EmailSession => ({
  bookingId: s.bookingId,
  title: s.name,
  start: s.startsAt.toISOString(),
  end: s.endsAt.toISOString(),
  venue: s.venue,
  attendee: s.attendee ?? null,
});

const given = (m: MoneyBack) => {
  const credited = m.membershipCredit + m.generalCredit;
  return {
    ...(m.cardRefund + m.offSystem > 0 ? { refunded: m.cardRefund + m.offSystem } : {}),
    ...(credited > 0
      ? { credited, creditKind: m.membershipCredit > m.generalCredit ? ('membership' as const) : ('general' as const) }
      : {}),
  };
};

/** A customer (or staff for them) cancelled a booking. */
export async function notifyCancelled(tx: Conn, s: SessionFacts, money: MoneyBack, now: Date): Promise<void> {
  const r = await recipient(tx, s.userId);
  if (!r) return;
  await queueEmail(tx, {
    clientId: s.clientId,
    to: r.to,
    kind: 'cancellation',
    data: { customerName: r.customerName, sessions: [session(s)], ...given(money), ...(money.fee > 0 ? { fee: money.fee } : {}) },
    dedupeKey: `cancellation:booking:${s.bookingId}`,
    now,
  });
}

/** The venue cancelled the session: the booking is cancelled and its money given back. */
export async function notifySessionCancelled(tx: Conn, s: SessionFacts, money: MoneyBack, now: Date): Promise<void> {
  const r = await recipient(tx, s.userId);
  if (!r) return;
  await queueEmail(tx, {
    clientId: s.clientId,
    to: r.to,
    kind: 'session_cancelled',
    data: { customerName: r.customerName, session: session(s), ...given(money) },
    dedupeKey: `session_cancelled:booking:${s.bookingId}`,
    now,
  });
}

/**
 * A place freed on a session they wait for is held for them until `until`; the link puts it in their basket. The
 * offer is the attendee's, but a child on a waitlist is usually watched by a parent: everyone who books for the
 * attendee (an accepted link) is told as well, naming whom the place is for, since any of them may accept it and
 * the hold runs out whether or not the child reads their email.
 */
export async function notifyWaitlistOffer(tx: Conn, s: SessionFacts & { link: string; until: Date }, now: Date): Promise<void> {
  const [attendee] = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, s.userId));
  if (!attendee) return;
  const guardians = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(linkedUsers)
    .innerJoin(users, eq(users.id, linkedUsers.userId))
    .where(and(eq(linkedUsers.referencedUserId, s.userId), eq(linkedUsers.status, 'successful')));
  const attendeeName = `${attendee.firstName} ${attendee.lastName}`.trim();
  const to = [
    { ...attendee, forSomeoneElse: false },
    ...guardians.filter((g) => g.id !== attendee.id).map((g) => ({ ...g, forSomeoneElse: true })),
  ];
  for (const r of to) {
    if (!r.email) continue;
    await queueEmail(tx, {
      clientId: s.clientId,
      to: r.email,
      kind: 'waitlist_offer',
      data: {
        customerName: r.firstName,
        session: session({ ...s, attendee: r.forSomeoneElse ? attendeeName : null }),
        link: s.link,
        expiresAt: s.until.toISOString(),
      },
      // The attendee's key stays what it was, so an offer queued before this change is not sent twice.
      dedupeKey: r.forSomeoneElse ? `waitlist_offer:booking:${s.bookingId}:for:${r.id}` : `waitlist_offer:booking:${s.bookingId}`,
      now,
    });
  }
}
