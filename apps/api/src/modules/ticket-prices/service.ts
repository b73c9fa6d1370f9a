import { type TicketPrice, type TicketPriceBody, ticketPriceMessages, toMoney } from '@app/contracts';
import { priceAfterBenefits } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { membershipPlans, memberships, occurrences, pricingOptions, users } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { AppError } from '../../lib/errors';
import { actingUserId } from '../auth/acting-for';
import { requireVenue } from '../venues/service';

/**
 * POST /price/{venue}/ticket/{activityId}: what each ticket of a ticketed session costs one customer, named by their
 * reference. A customer's discount is the best activity discount of their active memberships, the same benefit the
 * basket gives sessions (docs/decisions/084-ticket-discounts.md). A customer may look up themselves and the people
 * linked to them, staff any customer of the client; any other reference is answered exactly as an unknown one
 * (400, the server's message, which the app shows), so references cannot be probed.
 */
export async function ticketPriceFor(c: AuthedCtx, venueSlug: string, activityId: string, body: TicketPriceBody): Promise<TicketPrice> {
  const venue = await requireVenue(c, venueSlug);
  const occurrenceId = body.occurrence_id ?? activityId;
  const [o] = await c.db
    .select()
    .from(occurrences)
    .where(and(eq(occurrences.id, occurrenceId), eq(occurrences.clientId, c.client.id), eq(occurrences.venueId, venue.id)));
  if (!o || o.deletedAt) throw new AppError('not_found');
  if (o.bookingType !== 'ticketed') throw new AppError('discount_not_applied', { message: ticketPriceMessages.notTicketed });
  const found = await customerDiscount(c.db, c, body.reference);
  if (!found) throw new AppError('discount_not_applied');
  const { customer, percent } = found;
  const tickets = await c.db.select().from(pricingOptions).where(eq(pricingOptions.scheduleId, o.scheduleId)).orderBy(pricingOptions.id);
  const cur = c.client.currency;
  return {
    customer_id: customer.id,
    customer_reference: customer.reference,
    first_name: customer.firstName,
    last_name: customer.lastName,
    occurrence_id: o.id,
    discount_percent: percent,
    tickets: tickets.map((t) => {
      const after = priceAfterBenefits(t.price, { packageId: null, discountPercent: percent });
      return {
        id: t.id,
        name: t.name,
        attendees: t.attendees,
        price: toMoney(t.price, cur),
        discounted_price: toMoney(after.price, cur),
        discount_applied: after.applied !== null,
      };
    }),
  };
}

/**
 * The customer a reference names and their ticket discount (the best activity discount of their active memberships),
 * or null when the caller may not name them: a customer names themselves and the people linked to them, staff any
 * customer of the client. An unknown reference and someone else's answer alike, so references cannot be probed. Used
 * by the price call and by the basket's ticket add (decision 151), so the two always agree.
 */
export async function customerDiscount(
  db: Conn,
  c: AuthedCtx,
  reference: string,
): Promise<{ customer: typeof users.$inferSelect; percent: number } | null> {
  const [customer] = await db
    .select()
    .from(users)
    .where(and(eq(users.clientId, c.client.id), sql`lower(${users.reference}) = lower(${reference})`, eq(users.role, 'customer')));
  if (!customer) return null;
  const allowed = await actingUserId(c, customer.id, db).then(
    () => true,
    () => false,
  );
  if (!allowed) return null;
  const [best] = await db
    .select({ percent: sql<number>`coalesce(max(${membershipPlans.activityDiscountPercent}), 0)::int` })
    .from(memberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .where(and(eq(memberships.clientId, c.client.id), eq(memberships.userId, customer.id), eq(memberships.status, 'active')));
  return { customer, percent: Number(best?.percent ?? 0) };
}
