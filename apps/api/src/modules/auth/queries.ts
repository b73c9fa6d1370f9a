import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { type Conn, perDatabase } from '../../db/client';
import { creditLedger, memberships, passwordResets, penalties, sessions, users, venues } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Conn, clientId: number, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.email, email.trim().toLowerCase())))
    .limit(1);
  return row;
}

/** What a session look-up reads: the session and its user's role. */
const sessionRows = (db: Conn) =>
  db
    .select({
      tokenHash: sessions.tokenHash,
      clientId: sessions.clientId,
      userId: sessions.userId,
      role: users.role,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId));

const prepareSession = (db: Conn) =>
  sessionRows(db)
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('token')),
        eq(sessions.clientId, sql.placeholder('client')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('session_by_token');

const sessionStatement = perDatabase(prepareSession);

/** A live session and its user's role. Every logged-in request reads it, so it is prepared once per database. */
export async function findSession(db: Conn, tokenHash: string, clientId: number, now: Date) {
  const [row] = await sessionStatement(db).execute({ token: tokenHash, client: clientId, now });
  return row;
}

/**
 * The sessions of many tokens in one statement, whatever their client and expiry (the caller checks both for its own
 * request): the session look-ups of concurrent requests, coalesced (decision 276).
 */
export async function findSessionsByHash(db: Conn, tokenHashes: string[]) {
  return sessionRows(db).where(inArray(sessions.tokenHash, tokenHashes));
}

export async function insertSession(db: Conn, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function deleteSession(db: Conn, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function insertUser(db: Conn, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** A user of this client by email (any case) or by reference. */
export async function findUserByEmailOrReference(db: Conn, clientId: number, value: string): Promise<UserRow | undefined> {
  const v = value.trim();
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.clientId, clientId), or(eq(users.email, v.toLowerCase()), eq(users.reference, v.toUpperCase()))))
    .limit(1);
  return row;
}

export async function insertPasswordReset(db: Conn, values: typeof passwordResets.$inferInsert): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/** Uses a reset link in one statement, so two requests with the same link cannot both succeed. */
export async function consumePasswordReset(db: Conn, clientId: number, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.clientId, clientId),
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId ?? null;
}

/** Sets a user's password; answers the user's email (the throttle's account key), or undefined when there is none. */
export async function setPassword(db: Conn, clientId: number, userId: number, passwordHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.clientId, clientId), eq(users.id, userId)))
    .returning({ email: users.email });
  return row?.email;
}

export async function deleteSessionsOf(db: Conn, clientId: number, userId: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.clientId, clientId), eq(sessions.userId, userId)));
}

/**
 * A user of this client as the logged-in user result shows them, in one statement: their home venue's slug, the live
 * membership (for membershipUser and its home venue), the credit balance (unexpired ledger rows) and whether
 * penalties are outstanding. Every open tab asks for this every 5 s (doc 1, section 4), which makes it the hottest
 * authenticated call, so it is one round trip rather than four (docs/benchmarks.md).
 */
export async function findUserAccount(db: Conn, clientId: number, userId: number, now: Date) {
  const live = db
    .select({ id: memberships.id, homeVenueId: memberships.homeVenueId })
    .from(memberships)
    .where(
      and(
        eq(memberships.clientId, clientId),
        eq(memberships.userId, userId),
        eq(memberships.status, 'active'),
        or(isNull(memberships.endsAt), gt(memberships.endsAt, now)),
      ),
    )
    .orderBy(desc(memberships.startsAt))
    .limit(1)
    .as('live_membership');
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      user: users,
      homeVenueSlug: venues.slug,
      membershipId: live.id,
      membershipHomeVenueId: live.homeVenueId,
      creditBalance: sql<number>`(select coalesce(sum(${creditLedger.amount}), 0)::int from ${creditLedger}
        where ${creditLedger.clientId} = ${clientId} and ${creditLedger.userId} = ${userId}
        and (${creditLedger.expiresAt} is null or ${creditLedger.expiresAt} > ${at}))`,
      hasOutstandingPenalties: sql<boolean>`exists (select 1 from ${penalties}
        where ${penalties.clientId} = ${clientId} and ${penalties.userId} = ${userId} and ${penalties.status} = 'outstanding')`,
    })
    .from(users)
    .leftJoin(venues, eq(venues.id, users.homeVenueId))
    .leftJoin(live, sql`true`)
    .where(and(eq(users.clientId, clientId), eq(users.id, userId)))
    .limit(1);
  if (!row) return undefined;
  return {
    user: row.user,
    homeVenueSlug: row.homeVenueSlug,
    membership: row.membershipId === null ? null : { id: row.membershipId, homeVenueId: row.membershipHomeVenueId },
    creditBalance: Number(row.creditBalance),
    hasOutstandingPenalties: Boolean(row.hasOutstandingPenalties),
  };
}
