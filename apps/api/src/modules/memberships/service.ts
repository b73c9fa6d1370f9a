import { type MembershipPlan, toMoney } from '@app/contracts';
import type { Ctx } from '../../http/context';
import { notFound } from '../../lib/errors';
import { activePlanOf, plansForSale } from './queries';

/**
 * The membership pricing page (online joining): the plans a visitor may join online. Where the client has no online
 * joining, the page does not exist, so neither does its list (404), as with guest passes.
 */
export async function planList(c: Ctx): Promise<MembershipPlan[]> {
  if (!c.client.features.onlineJoiningEnabled) throw notFound();
  const [rows, held] = await Promise.all([
    plansForSale(c.db, c.client.id),
    c.user ? activePlanOf(c.db, c.client.id, c.user.id) : Promise.resolve(null),
  ]);
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    price: toMoney(p.price, c.client.currency),
    billing_period: p.billingPeriod,
    held: held === null ? null : held === p.id ? ('this_plan' as const) : ('another_plan' as const),
  }));
}
