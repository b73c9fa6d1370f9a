import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { type Conn, queryRows } from '../../db/client';
import {
  bookings,
  categories,
  categoryRestrictions,
  occurrences,
  restrictionCompletions,
  restrictions,
  scheduleRestrictions,
  schedules,
  waiverAgreements,
} from '../../db/schema';

export type RestrictionRow = typeof restrictions.$inferSelect;

export async function findRestrictions(
  db: Conn,
  clientId: number,
  q: { search?: string; types?: string[]; id?: number },
  page?: { offset: number; limit: number },
) {
  const where: SQL[] = [eq(restrictions.clientId, clientId)];
  if (q.id) where.push(eq(restrictions.id, q.id));
  if (q.search) where.push(ilike(restrictions.name, `%${q.search.replace(/[%_\\]/g, (m) => `\\${m}`)}%`));
  if (q.types) where.push(inArray(restrictions.type, q.types as RestrictionRow['type'][]));
  const base = db
    .select({ restriction: restrictions, category: categories })
    .from(restrictions)
    .leftJoin(categories, eq(categories.id, restrictions.relatedCategoryId))
    .where(and(...where))
    .orderBy(asc(restrictions.name), asc(restrictions.id));
  const [rows, total] = await Promise.all([
    page ? base.limit(page.limit).offset(page.offset) : base,
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(restrictions)
      .where(and(...where)),
  ]);
  return { rows, total: Number(total[0]?.n ?? 0) };
}

export interface Attached {
  scheduleId: number;
  criteria: 'all' | 'any';
  id: number;
  name: string;
  type: RestrictionRow['type'];
  termsVersion: number;
  validForDays: number | null;
  relatedCategory: { id: number; name: string; slug: string } | null;
}

/**
 * The restrictions on each schedule: its own, and those on its category and the category's parent (doc 2: attached
 * to schedules and categories).
 */
export async function attachedTo(db: Conn, clientId: number, scheduleIds: number[]): Promise<Attached[]> {
  if (scheduleIds.length === 0) return [];
  const rows = await queryRows<{
    schedule_id: number;
    criteria: 'all' | 'any';
    id: number;
    name: string;
    type: RestrictionRow['type'];
    terms_version: number;
    valid_for_days: number | null;
    rc_id: number | null;
    rc_name: string | null;
    rc_slug: string | null;
  }>(
    db,
    sql`SELECT s.id AS schedule_id, x.criteria, r.id, r.name, r.type, r.terms_version, r.valid_for_days,
          rc.id AS rc_id, rc.name AS rc_name, rc.slug AS rc_slug
        FROM ${schedules} s
        JOIN ${categories} c ON c.id = s.category_id
        JOIN LATERAL (
          SELECT sr.restriction_id, sr.criteria, 0 AS level FROM ${scheduleRestrictions} sr WHERE sr.schedule_id = s.id
          UNION ALL
          SELECT cr.restriction_id, cr.criteria, 1 FROM ${categoryRestrictions} cr WHERE cr.category_id = c.id
          UNION ALL
          SELECT cr.restriction_id, cr.criteria, 2 FROM ${categoryRestrictions} cr WHERE cr.category_id = c.parent_id
        ) x ON true
        JOIN ${restrictions} r ON r.id = x.restriction_id AND r.client_id = ${clientId}
        LEFT JOIN ${categories} rc ON rc.id = r.related_category_id
        WHERE s.client_id = ${clientId} AND s.id IN (${sql.join(
          scheduleIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        ORDER BY s.id, x.level, r.id`,
  );
  return rows.map((r) => ({
    scheduleId: Number(r.schedule_id),
    criteria: r.criteria,
    id: Number(r.id),
    name: r.name,
    type: r.type,
    termsVersion: Number(r.terms_version),
    validForDays: r.valid_for_days === null ? null : Number(r.valid_for_days),
    relatedCategory: r.rc_id === null ? null : { id: Number(r.rc_id), name: r.rc_name as string, slug: r.rc_slug as string },
  }));
}

/** Each person's latest agreement of each of these waivers. */
export async function latestAgreements(db: Conn, userIds: number[], restrictionIds: number[]) {
  if (userIds.length === 0 || restrictionIds.length === 0) return [];
  return db
    .selectDistinctOn([waiverAgreements.userId, waiverAgreements.restrictionId])
    .from(waiverAgreements)
    .where(and(inArray(waiverAgreements.userId, userIds), inArray(waiverAgreements.restrictionId, restrictionIds)))
    .orderBy(waiverAgreements.userId, waiverAgreements.restrictionId, desc(waiverAgreements.agreedAt), desc(waiverAgreements.id));
}

/**
 * For a person and some inductions: whether staff recorded each as done in person, and when the earliest booked
 * session of each one's related category (or a child of it) ends, among their paid bookings not marked absent.
 */
export async function inductionsOf(db: Conn, userId: number, restrictionIds: number[]) {
  if (restrictionIds.length === 0) return { completed: new Set<number>(), endsAt: new Map<number, Date>() };
  const [done, ends] = await Promise.all([
    db
      .select({ id: restrictionCompletions.restrictionId })
      .from(restrictionCompletions)
      .where(and(eq(restrictionCompletions.userId, userId), inArray(restrictionCompletions.restrictionId, restrictionIds))),
    db
      .select({ id: restrictions.id, endsAt: sql<Date>`min(${occurrences.endsAt})` })
      .from(restrictions)
      .innerJoin(
        categories,
        sql`(${categories.id} = ${restrictions.relatedCategoryId} OR ${categories.parentId} = ${restrictions.relatedCategoryId})`,
      )
      .innerJoin(occurrences, eq(occurrences.categoryId, categories.id))
      .innerJoin(bookings, eq(bookings.occurrenceId, occurrences.id))
      .where(
        and(
          inArray(restrictions.id, restrictionIds),
          eq(bookings.userId, userId),
          eq(bookings.status, 'settled'),
          sql`${bookings.attended} IS DISTINCT FROM 'absent'`,
        ),
      )
      .groupBy(restrictions.id),
  ]);
  return {
    completed: new Set(done.map((d) => d.id)),
    endsAt: new Map(ends.map((e) => [e.id, new Date(e.endsAt)])),
  };
}

export async function insertAgreements(db: Conn, rows: (typeof waiverAgreements.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(waiverAgreements).values(rows).returning();
}

export interface TimetableRestriction {
  scheduleId: number;
  criteria: 'all' | 'any';
  id: number;
  name: string;
  type: string;
  relatedCategory: { id: number; name: string; slug: string } | null;
  agreed: boolean;
  done: boolean;
  inductionEndsAt: string | null;
}

/**
 * The pre-purchase restrictions of `schedules` for the customer `user`, each with what meeting it takes, as JSON for
 * the timetable's one prepared statement: `agreed` (a waiver: their latest agreement is to the current terms and
 * has not expired), `done` (an induction recorded as done in person) and `inductionEndsAt` (the end of their earliest
 * paid, not absent, session of the induction's category). Whether an induction counts depends on each session's
 * start, so the view decides (see unmetFor).
 */
export function attachedForTimetable(user: SQL, scheduleIdsParam: SQL, now: SQL): SQL {
  return sql`(SELECT coalesce(json_agg(json_build_object(
      'scheduleId', x.schedule_id, 'criteria', x.criteria, 'id', r.id, 'name', r.name, 'type', r.type,
      'relatedCategory', CASE WHEN rc.id IS NULL THEN NULL ELSE json_build_object('id', rc.id, 'name', rc.name, 'slug', rc.slug) END,
      'agreed', r.type = 'pre-purchase-waiver' AND EXISTS (
        SELECT 1 FROM (SELECT wa.terms_version, wa.expires_at FROM ${waiverAgreements} wa
          WHERE wa.user_id = ${user} AND wa.restriction_id = r.id ORDER BY wa.agreed_at DESC, wa.id DESC LIMIT 1) latest
        WHERE latest.terms_version = r.terms_version AND (latest.expires_at IS NULL OR latest.expires_at > ${now})),
      'done', EXISTS (SELECT 1 FROM ${restrictionCompletions} rc2 WHERE rc2.user_id = ${user} AND rc2.restriction_id = r.id),
      'inductionEndsAt', CASE WHEN r.type = 'pre-purchase-induction' THEN (
        SELECT min(io.ends_at) FROM ${bookings} ib JOIN ${occurrences} io ON io.id = ib.occurrence_id
          JOIN ${categories} ic ON ic.id = io.category_id
        WHERE ib.user_id = ${user} AND ib.status = 'settled' AND ib.attended IS DISTINCT FROM 'absent'
          AND (ic.id = r.related_category_id OR ic.parent_id = r.related_category_id)) END
    ) ORDER BY x.schedule_id, x.level, r.id), '[]'::json)
    FROM (
      SELECT sr.schedule_id, sr.restriction_id, sr.criteria, 0 AS level FROM ${scheduleRestrictions} sr
        WHERE sr.schedule_id = ANY(${scheduleIdsParam})
      UNION ALL
      SELECT s.id, cr.restriction_id, cr.criteria, 1 FROM ${schedules} s
        JOIN ${categories} c ON c.id = s.category_id
        JOIN ${categoryRestrictions} cr ON cr.category_id = c.id OR cr.category_id = c.parent_id
        WHERE s.id = ANY(${scheduleIdsParam})
    ) x
    JOIN ${restrictions} r ON r.id = x.restriction_id
    LEFT JOIN ${categories} rc ON rc.id = r.related_category_id
    WHERE r.type IN ('pre-purchase-waiver', 'pre-purchase-induction', 'enhanced-pre-waiver'))`;
}
