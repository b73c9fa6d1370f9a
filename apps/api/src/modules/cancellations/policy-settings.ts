import { type CancellationPolicies, type CancellationPolicyBody, cancellationPolicyMessages } from '@app/contracts';
import { cancellationPolicyErrors } from '@app/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { cancellationPolicies, categories, schedules, venues } from '../../db/schema';
import { fieldError, notFound } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { audit } from '../staff/audit';
import type { StaffCtx } from '../staff/guard';

/**
 * Managers set the client's cancellation policy and its overrides (decision 192): one per client, per category and
 * per schedule (the most specific wins whole, policy.ts). Every change is audited in its own transaction, with what
 * it was before; a category or schedule of another client is not found.
 */

export type PolicyLevel = { level: 'client' } | { level: 'category'; categoryId: number } | { level: 'schedule'; scheduleId: number };

type Row = typeof cancellationPolicies.$inferSelect;

const toBody = (r: Row): CancellationPolicyBody => ({
  cut_off_minutes: r.cutOffMinutes,
  cut_off_actions: r.cutOffActions,
  fee_amount: r.feeAmount,
  outcome: r.outcome,
});

export async function listPolicies(db: Conn, clientId: number): Promise<CancellationPolicies> {
  const rows = await db
    .select({ policy: cancellationPolicies, category: categories.name, schedule: schedules.name, venue: venues.name })
    .from(cancellationPolicies)
    .leftJoin(categories, eq(categories.id, cancellationPolicies.categoryId))
    .leftJoin(schedules, eq(schedules.id, cancellationPolicies.scheduleId))
    .leftJoin(venues, eq(venues.id, schedules.venueId))
    .where(eq(cancellationPolicies.clientId, clientId))
    .orderBy(asc(cancellationPolicies.id));
  const client = rows.find((r) => r.policy.categoryId === null && r.policy.scheduleId === null);
  return {
    client: client ? toBody(client.policy) : null,
    categories: rows.flatMap((r) =>
      r.policy.scheduleId === null && r.policy.categoryId !== null
        ? [{ category: { id: r.policy.categoryId, name: r.category ?? '' }, policy: toBody(r.policy) }]
        : [],
    ),
    schedules: rows.flatMap((r) =>
      r.policy.scheduleId !== null
        ? [{ schedule: { id: r.policy.scheduleId, name: r.schedule ?? '', venue: r.venue ?? '' }, policy: toBody(r.policy) }]
        : [],
    ),
  };
}

/** The level's columns, once its category or schedule is known to be this client's (404 otherwise). */
async function levelColumns(
  db: Conn,
  clientId: number,
  at: PolicyLevel,
): Promise<{ categoryId: number | null; scheduleId: number | null }> {
  if (at.level === 'client') return { categoryId: null, scheduleId: null };
  if (at.level === 'category') {
    const [c] = await db
      .select({ bookingType: categories.bookingType })
      .from(categories)
      .where(and(eq(categories.id, at.categoryId), eq(categories.clientId, clientId)));
    if (!c) throw notFound();
    // Sessions carry their activity's category: a group's policy would never apply.
    if (c.bookingType === null) throw fieldError({ category_id: [cancellationPolicyMessages.groupCategory] });
    return { categoryId: at.categoryId, scheduleId: null };
  }
  const [s] = await db
    .select({ id: schedules.id })
    .from(schedules)
    .where(and(eq(schedules.id, at.scheduleId), eq(schedules.clientId, clientId)));
  if (!s) throw notFound();
  return { categoryId: null, scheduleId: at.scheduleId };
}

const whereLevel = (clientId: number, cols: { categoryId: number | null; scheduleId: number | null }) =>
  and(
    eq(cancellationPolicies.clientId, clientId),
    cols.categoryId === null ? isNull(cancellationPolicies.categoryId) : eq(cancellationPolicies.categoryId, cols.categoryId),
    cols.scheduleId === null ? isNull(cancellationPolicies.scheduleId) : eq(cancellationPolicies.scheduleId, cols.scheduleId),
  );

const auditedLevel = (cols: { categoryId: number | null; scheduleId: number | null }) => ({
  level: cols.scheduleId !== null ? 'schedule' : cols.categoryId !== null ? 'category' : 'client',
  category_id: cols.categoryId,
  schedule_id: cols.scheduleId,
});

/** Sets the policy of one level (replacing it whole), audited as cancellation_policy.updated with what it was. */
export async function setPolicy(c: StaffCtx, at: PolicyLevel, body: CancellationPolicyBody): Promise<CancellationPolicies> {
  const errors = cancellationPolicyErrors(body);
  if (Object.keys(errors).length > 0) throw fieldError(errors);
  const cols = await levelColumns(c.db, c.client.id, at);
  const values = {
    cutOffMinutes: body.cut_off_minutes,
    cutOffActions: body.cut_off_actions,
    feeAmount: body.fee_amount,
    outcome: body.outcome,
  };
  await inTransaction(c.db, async (tx) => {
    // One row per level (the unique key treats nulls as equal): the first writer inserts, later ones update it.
    const [before] = await tx.select().from(cancellationPolicies).where(whereLevel(c.client.id, cols)).for('update');
    if (before) await tx.update(cancellationPolicies).set(values).where(eq(cancellationPolicies.id, before.id));
    else
      await tx
        .insert(cancellationPolicies)
        .values({ clientId: c.client.id, ...cols, ...values })
        .onConflictDoUpdate({
          target: [cancellationPolicies.clientId, cancellationPolicies.categoryId, cancellationPolicies.scheduleId],
          set: values,
        });
    await audit(c, 'cancellation_policy.updated', null, { ...auditedLevel(cols), from: before ? toBody(before) : null, to: body }, tx);
  });
  return listPolicies(c.db, c.client.id);
}

/** Removes one level's policy (it then follows the next less specific one); 404 when it has none. Audited. */
export async function removePolicy(c: StaffCtx, at: PolicyLevel): Promise<CancellationPolicies> {
  const cols = await levelColumns(c.db, c.client.id, at);
  await inTransaction(c.db, async (tx) => {
    const [gone] = await tx.delete(cancellationPolicies).where(whereLevel(c.client.id, cols)).returning();
    if (!gone) throw notFound();
    await audit(c, 'cancellation_policy.removed', null, { ...auditedLevel(cols), from: toBody(gone) }, tx);
  });
  return listPolicies(c.db, c.client.id);
}
