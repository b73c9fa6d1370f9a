import { type CreateTillBody, type TillSessionView, type TillView, tillMessages, toMoney } from '@app/contracts';
import { cashUp, expectedCash } from '@app/domain';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { paymentLines, tillSessions, tills, users, venues } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { audit } from './audit';
import type { StaffCtx } from './guard';

/**
 * Tills (issue 15, decision 161): a till belongs to a venue; opening it starts a session with a float, cash tenders
 * taken at the desk are recorded against the open session, and closing it with a count gives the cash-up, worked
 * out by the domain's till arithmetic (decision 130) from the cash the session's payment lines kept.
 */

type SessionRow = typeof tillSessions.$inferSelect;

/** Cash kept for sales in one session: the cash tender lines recorded against it (amount kept, never the note). */
async function cashSalesOf(db: Conn, sessionId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${paymentLines.amount}), 0)` })
    .from(paymentLines)
    .where(and(eq(paymentLines.tillSessionId, sessionId), eq(paymentLines.tenderType, 'cash')));
  return Number(row?.total ?? 0);
}

/** Refunds in cash and pay-outs are not taken at the desk yet, so only the float and cash sales move the drawer. */
const movements = (s: SessionRow, cashSales: number) => ({ float: s.float, cashSales, cashRefunds: 0, paidOut: 0 });

async function sessionView(c: AuthedCtx, db: Conn, s: SessionRow): Promise<TillSessionView> {
  const cur = c.client.currency;
  const cashSales = await cashSalesOf(db, s.id);
  const [opener] = await db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, s.openedBy));
  const up = s.counted === null ? null : cashUp(movements(s, cashSales), s.counted);
  return {
    id: s.id,
    float: toMoney(s.float, cur),
    cash_sales: toMoney(cashSales, cur),
    expected: toMoney(expectedCash(movements(s, cashSales)), cur),
    opened_at: s.openedAt.toISOString(),
    opened_by: opener ? `${opener.first} ${opener.last}` : '',
    closed_at: s.closedAt?.toISOString() ?? null,
    cash_up: up && {
      expected: toMoney(up.expected, cur),
      counted: toMoney(up.counted, cur),
      difference: toMoney(up.difference, cur),
      status: up.status,
    },
  };
}

async function tillRow(c: AuthedCtx, db: Conn, tillId: number) {
  const [till] = await db
    .select()
    .from(tills)
    .where(and(eq(tills.id, tillId), eq(tills.clientId, c.client.id)));
  if (!till) throw notFound();
  return till;
}

async function openSessionOf(db: Conn, tillId: number): Promise<SessionRow | undefined> {
  const [s] = await db
    .select()
    .from(tillSessions)
    .where(and(eq(tillSessions.tillId, tillId), isNull(tillSessions.closedAt)));
  return s;
}

async function tillView(c: AuthedCtx, db: Conn, till: typeof tills.$inferSelect): Promise<TillView> {
  const open = await openSessionOf(db, till.id);
  const [closed] = await db
    .select()
    .from(tillSessions)
    .where(and(eq(tillSessions.tillId, till.id), isNotNull(tillSessions.closedAt)))
    .orderBy(desc(tillSessions.closedAt), desc(tillSessions.id))
    .limit(1);
  return {
    id: till.id,
    name: till.name,
    venue_id: till.venueId,
    open: open ? await sessionView(c, db, open) : null,
    last_closed: closed ? await sessionView(c, db, closed) : null,
  };
}

/** A venue's tills at this client, each with its open session (if any) and its last cash-up. */
export async function tillsAt(c: StaffCtx, venueId: number): Promise<TillView[]> {
  const rows = await c.db
    .select()
    .from(tills)
    .where(and(eq(tills.clientId, c.client.id), eq(tills.venueId, venueId)))
    .orderBy(tills.name, tills.id);
  return Promise.all(rows.map((t) => tillView(c, c.db, t)));
}

export async function tillOf(c: StaffCtx, tillId: number): Promise<TillView> {
  return tillView(c, c.db, await tillRow(c, c.db, tillId));
}

/** Managers add a till to one of this client's venues. */
export async function createTill(c: StaffCtx, body: CreateTillBody): Promise<TillView> {
  const [venue] = await c.db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.id, body.venue_id), eq(venues.clientId, c.client.id)));
  if (!venue) throw fieldError({ venue_id: ['The selected venue id is invalid.'] });
  try {
    return await inTransaction(c.db, async (tx) => {
      const [till] = await tx.insert(tills).values({ clientId: c.client.id, venueId: venue.id, name: body.name }).returning();
      if (!till) throw notFound();
      await audit(c, 'till.created', null, { till_id: till.id, venue_id: venue.id, name: body.name }, tx);
      return tillView(c, tx, till);
    });
  } catch (err) {
    // The venue's till names are unique (tills_client_venue_name_idx): a taken name is the caller's to change (decision 235).
    if (isUniqueViolation(err)) throw fieldError({ name: [tillMessages.nameTaken] });
    throw err;
  }
}

/** Opens a till with a float. One open session per till: a second opening (or a race) is refused, 409. */
export async function openTill(c: StaffCtx, tillId: number, float: number): Promise<TillView> {
  try {
    return await inTransaction(c.db, async (tx) => {
      const till = await tillRow(c, tx, tillId);
      if (await openSessionOf(tx, till.id)) throw new AppError('till_already_open');
      const [s] = await tx
        .insert(tillSessions)
        .values({ clientId: c.client.id, tillId: till.id, float, openedBy: c.user.id, openedAt: c.clock.now() })
        .returning();
      await audit(c, 'till.opened', null, { till_id: till.id, till_session_id: s?.id, float }, tx);
      return tillView(c, tx, till);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('till_already_open');
    throw err;
  }
}

/**
 * Closes the open session with what was counted; the expected cash is fixed at that moment (conditional on the
 * session still being open, so two desks closing at once close it once).
 */
export async function closeTill(c: StaffCtx, tillId: number, counted: number): Promise<TillView> {
  return inTransaction(c.db, async (tx) => {
    const till = await tillRow(c, tx, tillId);
    const open = await openSessionOf(tx, till.id);
    if (!open) throw new AppError('till_not_open');
    const expected = expectedCash(movements(open, await cashSalesOf(tx, open.id)));
    const closed = await tx
      .update(tillSessions)
      .set({ counted, expected, closedBy: c.user.id, closedAt: c.clock.now() })
      .where(and(eq(tillSessions.id, open.id), isNull(tillSessions.closedAt)))
      .returning({ id: tillSessions.id });
    if (closed.length === 0) throw new AppError('till_not_open');
    await audit(c, 'till.closed', null, { till_id: till.id, till_session_id: open.id, expected, counted }, tx);
    return tillView(c, tx, till);
  });
}

/**
 * The open session a front-of-house payment's `till_id` names, locked for the payment's transaction so a close
 * cannot slip between the check and the payment line; 422 on till_id when it is not one of this client's open tills.
 */
export async function openSessionForPayment(c: AuthedCtx, tx: Conn, tillIdText: string): Promise<number> {
  const tillId = /^\d{1,9}$/.test(tillIdText) ? Number(tillIdText) : 0;
  const [s] = await tx
    .select({ id: tillSessions.id })
    .from(tillSessions)
    .where(and(eq(tillSessions.tillId, tillId), eq(tillSessions.clientId, c.client.id), isNull(tillSessions.closedAt)))
    .for('update');
  if (!s) throw new AppError('till_not_open', { fieldErrors: { till_id: [tillMessages.notOpen] } });
  return s.id;
}
