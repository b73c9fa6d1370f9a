import type { AttendeeWaiver } from '@app/contracts';
import { agreementCurrent, isPostPurchase, unmetRestrictions } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { cartItems, occurrences, users } from '../../db/schema';
import type { Ctx } from '../../http/context';
import { sanitizeOperatorHtml } from '../../lib/sanitize';
import { attachedTo, type findRestrictions, latestAgreements } from './queries';

export const toRestriction = (r: Awaited<ReturnType<typeof findRestrictions>>['rows'][number]) => ({
  id: r.restriction.id,
  name: r.restriction.name,
  type: r.restriction.type,
  terms: r.restriction.terms ? sanitizeOperatorHtml(r.restriction.terms) : null,
  related_category: r.category ? { id: r.category.id, name: r.category.name, slug: r.category.slug } : null,
  terms_version: r.restriction.termsVersion,
  valid_for_days: r.restriction.validForDays,
});

/** A basket's lines that book something, with the schedule and attendee of each. */
async function bookedLines(db: Conn, cartId: number, cartUserId: number) {
  const rows = await db
    .select({
      id: cartItems.id,
      purchasedFor: cartItems.purchasedForUserId,
      scheduleId: occurrences.scheduleId,
      startsAt: occurrences.startsAt,
    })
    .from(cartItems)
    .innerJoin(occurrences, eq(occurrences.id, cartItems.occurrenceId))
    .where(and(eq(cartItems.cartId, cartId), inArray(cartItems.kind, ['av2_booking', 'av2_booking_bundle'])));
  return rows.map((r) => ({ ...r, attendeeId: r.purchasedFor ?? cartUserId }));
}

/**
 * The post-purchase waivers a basket still needs, one per attendee and waiver whatever the number of lines that need
 * it (doc 1: attendeeWaiversRequired), each with the lines it is for. An attendee's current agreement (terms
 * unchanged, not expired) covers it.
 */
export async function attendeeWaiversOf(db: Conn, c: Ctx, cart: { id: number; userId: number }): Promise<AttendeeWaiver[]> {
  const lines = await bookedLines(db, cart.id, cart.userId);
  if (lines.length === 0) return [];
  const attached = (
    await attachedTo(
      db,
      c.client.id,
      lines.map((l) => l.scheduleId),
    )
  ).filter((a) => isPostPurchase(a.type));
  if (attached.length === 0) return [];
  const people = [...new Set(lines.map((l) => l.attendeeId))];
  const agreements = await latestAgreements(
    db,
    people,
    attached.map((a) => a.id),
  );
  const now = c.clock.now();
  const needed = new Map<string, AttendeeWaiver>();
  for (const line of lines) {
    const mine = attached
      .filter((a) => a.scheduleId === line.scheduleId)
      .map((a) => ({
        ...a,
        met: agreementCurrent(
          agreements.find((g) => g.userId === line.attendeeId && g.restrictionId === a.id),
          a.termsVersion,
          now,
        ),
      }));
    for (const r of unmetRestrictions(mine)) {
      const key = `${r.id}:${line.attendeeId}`;
      const found = needed.get(key);
      if (found) found.cart_item_ids.push(line.id);
      else
        needed.set(key, {
          restriction_id: r.id,
          name: r.name,
          type: r.type,
          user_id: line.attendeeId,
          first_name: '',
          last_name: '',
          cart_item_ids: [line.id],
        });
    }
  }
  if (needed.size === 0) return [];
  const names = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...new Set([...needed.values()].map((n) => n.user_id))]));
  return [...needed.values()].map((n) => {
    const who = names.find((u) => u.id === n.user_id);
    return { ...n, first_name: who?.firstName ?? '', last_name: who?.lastName ?? '' };
  });
}
