import type { CancellationInfo } from '@app/contracts';
import { type CancellationDecision, type CancellationPolicy, resolvePolicy } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { cancellationPolicies } from '../../db/schema';

type PolicyRow = typeof cancellationPolicies.$inferSelect;

const toPolicy = (r: PolicyRow): CancellationPolicy => ({
  cutOffMinutes: r.cutOffMinutes,
  cutOffActions: r.cutOffActions,
  feeAmount: r.feeAmount,
  outcome: r.outcome,
});

/** A client's policies (a handful of rows), as a lookup of the policy that applies to a session's category and schedule. */
export type PolicyLookup = (session: { categoryId: number; scheduleId: number }) => CancellationPolicy;

export async function policiesOf(db: Conn, clientId: number): Promise<PolicyLookup> {
  const rows = await db.select().from(cancellationPolicies).where(eq(cancellationPolicies.clientId, clientId));
  const client = rows.find((r) => r.categoryId === null && r.scheduleId === null);
  const byCategory = new Map(rows.filter((r) => r.scheduleId === null && r.categoryId !== null).map((r) => [r.categoryId, toPolicy(r)]));
  const bySchedule = new Map(rows.filter((r) => r.scheduleId !== null).map((r) => [r.scheduleId, toPolicy(r)]));
  const base = client ? toPolicy(client) : null;
  return (s) => resolvePolicy({ client: base, category: byCategory.get(s.categoryId), schedule: bySchedule.get(s.scheduleId) });
}

/** Doc 2's cancellation info from a decision; cut_off_actions are what the policy does past its cut-off. */
export function toCancellationInfo(d: CancellationDecision, policy: CancellationPolicy): CancellationInfo {
  return {
    can_cancel: d.canCancel,
    cannot_cancel_reason: d.cannotCancelReason,
    cut_off: d.cutOff?.toISOString() ?? null,
    cut_off_actions: d.cutOff ? [...policy.cutOffActions] : [],
    cut_off_message: d.cutOffMessage,
    awards_credit: d.awardsCredit,
    awards_credit_message: d.awardsCreditMessage,
  };
}
