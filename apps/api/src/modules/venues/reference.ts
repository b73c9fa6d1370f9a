import { eq } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { instructors, locations } from '../../db/schema';
import type { Ctx } from '../../http/context';

export interface Reference {
  locations: Map<number, { id: number; name: string; venueId: number }>;
  instructors: Map<number, { id: number; name: string }>;
}

/** A client's spaces and instructors by id: few rows, read by every list of sessions. */
export async function loadReference(db: Conn, clientId: number): Promise<Reference> {
  const [spaces, people] = await Promise.all([
    db
      .select({ id: locations.id, name: locations.name, venueId: locations.venueId })
      .from(locations)
      .where(eq(locations.clientId, clientId)),
    db.select({ id: instructors.id, name: instructors.name }).from(instructors).where(eq(instructors.clientId, clientId)),
  ]);
  return { locations: new Map(spaces.map((l) => [l.id, l])), instructors: new Map(people.map((i) => [i.id, i])) };
}

/** The reference, cached briefly per client like categories and venues. */
export const reference = (c: Ctx): Promise<Reference> => c.cache.get(`reference:${c.client.id}`, () => loadReference(c.db, c.client.id));

/** Names for ids, in the ids' order; an id that no longer resolves is left out rather than shown blank. */
export const named = <T extends { id: number; name: string }>(ids: number[], map: Map<number, T>) =>
  ids.flatMap((id) => {
    const found = map.get(id);
    return found ? [{ id: found.id, name: found.name }] : [];
  });
