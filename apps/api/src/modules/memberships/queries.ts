import { and, asc, eq } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { membershipPlans, memberships } from '../../db/schema';

/** The client's plans that can be bought online, cheapest first (then by name, so equal prices keep one order). */
export const plansForSale = (db: Conn, clientId: number) =>
  db
    .select()
    .from(membershipPlans)
    .where(and(eq(membershipPlans.clientId, clientId), eq(membershipPlans.onlineJoining, true)))
    .orderBy(asc(membershipPlans.price), asc(membershipPlans.name), asc(membershipPlans.id));

/** The plan of the person's active membership, if they hold one. */
export async function activePlanOf(db: Conn, clientId: number, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ planId: memberships.planId })
    .from(memberships)
    .where(and(eq(memberships.clientId, clientId), eq(memberships.userId, userId), eq(memberships.status, 'active')))
    .limit(1);
  return row?.planId ?? null;
}
