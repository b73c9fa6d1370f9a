import { and, asc, eq } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { membershipPlans } from '../../db/schema';

/** The client's plans that can be bought online, cheapest first (then by name, so equal prices keep one order). */
export const plansForSale = (db: Conn, clientId: number) =>
  db
    .select()
    .from(membershipPlans)
    .where(and(eq(membershipPlans.clientId, clientId), eq(membershipPlans.onlineJoining, true)))
    .orderBy(asc(membershipPlans.price), asc(membershipPlans.name), asc(membershipPlans.id));
