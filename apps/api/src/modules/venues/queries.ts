import { and, asc, eq } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { venues } from '../../db/schema';

export type VenueRow = typeof venues.$inferSelect;

export async function findVenueBySlug(db: Conn, clientId: number, slug: string): Promise<VenueRow | undefined> {
  const [row] = await db
    .select()
    .from(venues)
    .where(and(eq(venues.clientId, clientId), eq(venues.slug, slug)))
    .limit(1);
  return row;
}

export async function findVenueById(db: Conn, clientId: number, id: number): Promise<VenueRow | undefined> {
  const [row] = await db
    .select()
    .from(venues)
    .where(and(eq(venues.clientId, clientId), eq(venues.id, id)))
    .limit(1);
  return row;
}

export const listVenues = (db: Conn, clientId: number): Promise<VenueRow[]> =>
  db.select().from(venues).where(eq(venues.clientId, clientId)).orderBy(asc(venues.name));
