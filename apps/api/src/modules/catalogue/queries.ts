import { and, asc, eq, sql } from 'drizzle-orm';
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

/** Categories that hold schedules, and categories that have children. */
export async function categoryUsage(db: Conn, clientId: number): Promise<{ withSchedules: Set<number>; withChildren: Set<number> }> {
  const [scheduled, parents] = await Promise.all([
    db.selectDistinct({ id: schedules.categoryId }).from(schedules).where(eq(schedules.clientId, clientId)),
    db
      .selectDistinct({ id: categories.parentId })
      .from(categories)
      .where(and(eq(categories.clientId, clientId), sql`${categories.parentId} IS NOT NULL`)),
  ]);
  return { withSchedules: new Set(scheduled.map((r) => r.id)), withChildren: new Set(parents.map((r) => r.id as number)) };
}

export async function insertCategory(db: Conn, values: typeof categories.$inferInsert): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateCategoryRow(
  db: Conn,
  clientId: number,
  id: number,
  values: Partial<typeof categories.$inferInsert>,
): Promise<void> {
  await db
    .update(categories)
    .set(values)
    .where(and(eq(categories.id, id), eq(categories.clientId, clientId)));
}

export async function deleteCategoryRow(db: Conn, clientId: number, id: number): Promise<void> {
  await db.delete(categories).where(and(eq(categories.id, id), eq(categories.clientId, clientId)));
}
