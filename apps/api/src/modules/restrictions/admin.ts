import type { restriction, restrictionCreateBody, restrictionUpdateBody, z } from '@app/contracts';
import { listMeta } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { categories, restrictions } from '../../db/schema';
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
