import { asc, eq } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { categories, schedules, venues } from '../../db/schema';

export type CategoryRow = typeof categories.$inferSelect;

export const listCategories = (db: Conn, clientId: number): Promise<CategoryRow[]> =>
  db.select().from(categories).where(eq(categories.clientId, clientId)).orderBy(asc(categories.position), asc(categories.name));

/** For each category with schedules, the slugs of the venues that schedule it. */
export async function venueSlugsByCategory(db: Conn, clientId: number): Promise<Map<number, string[]>> {
  const rows = await db
    .selectDistinct({ categoryId: schedules.categoryId, slug: venues.slug })
    .from(schedules)
    .innerJoin(venues, eq(venues.id, schedules.venueId))
    .where(eq(schedules.clientId, clientId));
  const map = new Map<number, string[]>();
  for (const r of rows) map.set(r.categoryId, [...(map.get(r.categoryId) ?? []), r.slug]);
  return map;
}
