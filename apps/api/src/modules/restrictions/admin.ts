import {
  type RestrictionAttachments,
  type restriction,
  type restrictionCreateBody,
  restrictionMessages,
  type restrictionUpdateBody,
  type z,
} from '@app/contracts';
import { listMeta } from '@app/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  categories,
  categoryRestrictions,
  restrictionCompletions,
  restrictions,
  scheduleRestrictions,
  schedules,
  users,
} from '../../db/schema';
import type { AuthedCtx, Ctx } from '../../http/context';
import { fieldError, notFound } from '../../lib/errors';
import { sanitizeOperatorHtml } from '../../lib/sanitize';
import { findRestrictions } from './queries';
import { toRestriction } from './service';

type Restriction = z.infer<typeof restriction>;

export async function listRestrictions(
  c: Ctx,
  q: { search?: string | undefined; type?: string[] | undefined; page: number; per_page: number },
) {
  const { rows, total } = await findRestrictions(
    c.db,
    c.client.id,
    { ...(q.search ? { search: q.search } : {}), ...(q.type ? { types: q.type } : {}) },
    { offset: (q.page - 1) * q.per_page, limit: q.per_page },
  );
  return { data: rows.map(toRestriction), meta: listMeta(total, q.page, q.per_page) };
}

export async function oneRestriction(c: Ctx, id: number): Promise<Restriction> {
  const { rows } = await findRestrictions(c.db, c.client.id, { id });
  const [row] = rows;
  if (!row) throw notFound();
  return toRestriction(row);
}

async function checkCategory(c: AuthedCtx, id: number | null | undefined): Promise<void> {
  if (id === undefined || id === null) return;
  const [found] = await c.db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.clientId, c.client.id)));
  if (!found) throw fieldError({ related_category_id: ['The selected value is invalid.'] });
}

/** Staff: a new waiver or induction; its terms are sanitised before they are kept. */
export async function createRestriction(c: AuthedCtx, body: z.infer<typeof restrictionCreateBody>): Promise<Restriction> {
  await checkCategory(c, body.related_category_id);
  const [row] = await c.db
    .insert(restrictions)
    .values({
      clientId: c.client.id,
      name: body.name,
      type: body.type,
      terms: body.terms ? sanitizeOperatorHtml(body.terms) : null,
      validForDays: body.valid_for_days ?? null,
      relatedCategoryId: body.related_category_id ?? null,
    })
    .returning({ id: restrictions.id });
  return oneRestriction(c, (row as { id: number }).id);
}

/**
 * Staff: change a restriction. New terms (after sanitising, different from the kept ones) move the terms version on,
 * so every earlier agreement stops counting and customers agree again; a new period applies to agreements made from
 * now on.
 */
export async function updateRestriction(c: AuthedCtx, id: number, body: z.infer<typeof restrictionUpdateBody>): Promise<Restriction> {
  await checkCategory(c, body.related_category_id);
  const terms = body.terms === undefined ? undefined : body.terms === null ? null : sanitizeOperatorHtml(body.terms);
  const now = c.clock.now();
  const [row] = await c.db
    .update(restrictions)
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.valid_for_days !== undefined ? { validForDays: body.valid_for_days } : {}),
      ...(body.related_category_id !== undefined ? { relatedCategoryId: body.related_category_id } : {}),
      ...(terms !== undefined
        ? {
            terms,
            termsVersion: sql`CASE WHEN ${restrictions.terms} IS DISTINCT FROM ${terms} THEN ${restrictions.termsVersion} + 1 ELSE ${restrictions.termsVersion} END`,
          }
        : {}),
      updatedAt: now,
    })
    .where(and(eq(restrictions.id, id), eq(restrictions.clientId, c.client.id)))
    .returning({ id: restrictions.id });
  if (!row) throw notFound();
  return oneRestriction(c, id);
}

/** The staff member's client's restriction, or a 404 (another client's is answered as one that does not exist). */
async function ownRestriction(c: AuthedCtx, id: number) {
  const [row] = await c.db
    .select({ id: restrictions.id, type: restrictions.type })
    .from(restrictions)
    .where(and(eq(restrictions.id, id), eq(restrictions.clientId, c.client.id)));
  if (!row) throw notFound();
  return row;
}

/** Staff: the schedules and categories a restriction gates (decision 150). */
export async function restrictionAttachments(c: AuthedCtx, id: number): Promise<RestrictionAttachments> {
  await ownRestriction(c, id);
  const [onSchedules, onCategories] = await Promise.all([
    c.db
      .select({ schedule_id: scheduleRestrictions.scheduleId, name: schedules.name, criteria: scheduleRestrictions.criteria })
      .from(scheduleRestrictions)
      .innerJoin(schedules, eq(schedules.id, scheduleRestrictions.scheduleId))
      .where(eq(scheduleRestrictions.restrictionId, id))
      .orderBy(asc(schedules.id)),
    c.db
      .select({ category_id: categoryRestrictions.categoryId, name: categories.name, criteria: categoryRestrictions.criteria })
      .from(categoryRestrictions)
      .innerJoin(categories, eq(categories.id, categoryRestrictions.categoryId))
      .where(eq(categoryRestrictions.restrictionId, id))
      .orderBy(asc(categories.id)),
  ]);
  return { restriction_id: id, schedules: onSchedules, categories: onCategories };
}

/**
 * Staff: a restriction gates a schedule (every session of it, a course or camp as a whole) or a category (every
 * schedule in it and its children), with criteria all or any; attaching again changes the criteria. The next add
 * is checked against it (decision 081); what is already in baskets is checked again at checkout.
 */
export async function attachRestriction(
  c: AuthedCtx,
  id: number,
  to: { scheduleId: number } | { categoryId: number },
  criteria: 'all' | 'any',
): Promise<RestrictionAttachments> {
  await ownRestriction(c, id);
  if ('scheduleId' in to) {
    const [s] = await c.db
      .select({ id: schedules.id })
      .from(schedules)
      .where(and(eq(schedules.id, to.scheduleId), eq(schedules.clientId, c.client.id)));
    if (!s) throw notFound();
    await c.db
      .insert(scheduleRestrictions)
      .values({ scheduleId: to.scheduleId, restrictionId: id, criteria })
      .onConflictDoUpdate({ target: [scheduleRestrictions.scheduleId, scheduleRestrictions.restrictionId], set: { criteria } });
  } else {
    const [cat] = await c.db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, to.categoryId), eq(categories.clientId, c.client.id)));
    if (!cat) throw notFound();
    await c.db
      .insert(categoryRestrictions)
      .values({ categoryId: to.categoryId, restrictionId: id, criteria })
      .onConflictDoUpdate({ target: [categoryRestrictions.categoryId, categoryRestrictions.restrictionId], set: { criteria } });
  }
  return restrictionAttachments(c, id);
}

/** Staff: the restriction no longer gates that schedule or category; one it did not gate is a 404. */
export async function detachRestriction(c: AuthedCtx, id: number, from: { scheduleId: number } | { categoryId: number }) {
  await ownRestriction(c, id);
  // The restriction is the client's, so any row naming it is too.
  const gone =
    'scheduleId' in from
      ? await c.db
          .delete(scheduleRestrictions)
          .where(and(eq(scheduleRestrictions.restrictionId, id), eq(scheduleRestrictions.scheduleId, from.scheduleId)))
          .returning({ id: scheduleRestrictions.scheduleId })
      : await c.db
          .delete(categoryRestrictions)
          .where(and(eq(categoryRestrictions.restrictionId, id), eq(categoryRestrictions.categoryId, from.categoryId)))
          .returning({ id: categoryRestrictions.categoryId });
  if (gone.length === 0) throw notFound();
  return restrictionAttachments(c, id);
}

/**
 * Staff: a customer did an induction in person, so it is met without a booking of its category here (decision 081's
 * `restriction_completions`). Recording it again keeps the first date.
 */
export async function recordInductionDone(c: AuthedCtx, id: number, userId: number) {
  const r = await ownRestriction(c, id);
  if (r.type !== 'pre-purchase-induction' && r.type !== 'post-purchase-induction') {
    throw fieldError({ restriction_id: [restrictionMessages.notAnInduction] });
  }
  const [customer] = await c.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.clientId, c.client.id), eq(users.role, 'customer')));
  if (!customer) throw fieldError({ user_id: ['The selected value is invalid.'] });
  await c.db.insert(restrictionCompletions).values({ userId, restrictionId: id, completedAt: c.clock.now() }).onConflictDoNothing();
  const [row] = await c.db
    .select()
    .from(restrictionCompletions)
    .where(and(eq(restrictionCompletions.userId, userId), eq(restrictionCompletions.restrictionId, id)));
  return { restriction_id: id, user_id: userId, completed_at: (row as { completedAt: Date }).completedAt.toISOString() };
}
