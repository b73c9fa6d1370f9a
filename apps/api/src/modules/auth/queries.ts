import { and, eq, gt } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { sessions, users, venues } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Conn, clientId: number, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.email, email.trim().toLowerCase())))
    .limit(1);
  return row;
}

/** A user of this client with the slug of their home venue. */
export async function findUserWithVenue(db: Conn, clientId: number, id: number) {
  const [row] = await db
    .select({ user: users, homeVenueSlug: venues.slug })
    .from(users)
    .leftJoin(venues, eq(venues.id, users.homeVenueId))
    .where(and(eq(users.clientId, clientId), eq(users.id, id)))
    .limit(1);
  return row;
}

export async function findSession(db: Conn, tokenHash: string, clientId: number, now: Date) {
  const [row] = await db
    .select({ tokenHash: sessions.tokenHash, userId: sessions.userId, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.clientId, clientId), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
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

export async function setUserReference(db: Conn, id: number, reference: string): Promise<void> {
  await db.update(users).set({ reference }).where(eq(users.id, id));
}
