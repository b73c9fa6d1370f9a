import { dayjs } from '@app/contracts';
import { lineTotal } from '@app/domain';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, creditLedger, membershipPlans, memberships, type orderLines, packagePlans, packages, penalties } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { givePlacesBack, takePlaces } from '../bookings/capacity';
import type { CartItemRow } from '../cart/queries';
import { offerFreedPlaces } from '../waitlists/offers';
import { bookingsOfLine } from './queries';

type OrderLine = typeof orderLines.$inferInsert;

interface Fulfilment {
  lines: OrderLine[];
  /** What went to the customer's general credit because it could not be delivered (late payment, no place left). */
  credited: number;
}

/**
 * A place for every session a booking line covers: its held booking is settled; a hold that ran out is taken again
 * if the session still has room (docs/decisions/033-late-payments.md). When any session of the line cannot be had,
 * nothing of the line is kept (places given back) and null says so.
 *
 * The line's bookings are read without a lock, so every change is conditional on the status read: a hold released
 * meanwhile (the sweep, or another customer's add releasing expired holds, which may have given the place away)
 * settles 0 rows, and is then taken again like any lapsed hold, or credited. A booking is never settled from
 * anything but `reserved`, so a settled booking never carries a cancellation. Undone places are added to `freed`;
 * the line's sessions not reached are released by the caller (releaseHeld).
 */
async function settleOrRetake(
  tx: Tx,
  c: AuthedCtx,
  item: CartItemRow,
  orderId: number,
  userId: number,
  now: Date,
  freed: Set<string>,
): Promise<number | null> {
  const rows = await bookingsOfLine(tx, item.id);
  const sessions = [...((item.options.occurrenceIds as string[] | undefined) ?? (item.occurrenceId ? [item.occurrenceId] : []))].sort();
  const kept: { id: number; occurrenceId: string; places: number; source: 'online' | 'foh' }[] = [];
  let failed = false;
  for (const occurrenceId of sessions) {
    const held = rows.find((b) => b.occurrenceId === occurrenceId && b.status === 'reserved');
    if (held) {
      const settled = await tx
        .update(bookings)
        .set({ status: 'settled', holdExpiresAt: null, orderId })
        .where(and(eq(bookings.id, held.id), eq(bookings.status, 'reserved')))
        .returning({ id: bookings.id });
      if (settled.length > 0) {
        kept.push({ id: held.id, occurrenceId, places: held.capacityConsumed, source: held.source });
        continue;
      }
    }
    // The hold lapsed and its place was given back (before this read, or since): take it again if there is room.
    const lapsed = held ?? rows.find((b) => b.occurrenceId === occurrenceId && b.status === 'cancelled');
    const places = lapsed?.capacityConsumed ?? 1;
    const source = lapsed?.source ?? 'online';
    if ((await takePlaces(tx, c.client.id, occurrenceId, places, now, source)) !== 'taken') {
      failed = true;
      break;
    }
    const [booking] = await tx
      .insert(bookings)
      .values({
        clientId: c.client.id,
        userId: item.purchasedForUserId ?? userId,
        occurrenceId,
        cartItemId: item.id,
        orderId,
        status: 'settled',
        capacityConsumed: places,
        price: lapsed?.price ?? item.unitPrice,
        source,
        createdAt: now,
      })
      .returning({ id: bookings.id });
    kept.push({ id: booking?.id as number, occurrenceId, places, source });
  }
  if (!failed) return kept[0]?.id ?? null;
  for (const k of kept) {
    const undone = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now, cancellationSource: 'late_payment', orderId: null })
      .where(and(eq(bookings.id, k.id), eq(bookings.status, 'settled')))
      .returning({ id: bookings.id });
    if (undone.length > 0) {
      await givePlacesBack(tx, k.occurrenceId, k.places, k.source);
      freed.add(k.occurrenceId);
    }
  }
  return null;
}

/**
 * A booking line that was not delivered (a session of it could not be had, or its package had no use left) keeps
 * nothing: every booking of it still only held is cancelled and its places given back now, rather than staying
 * `reserved` on a completed basket until the hold lapses. Conditional on `reserved`, so a hold the sweep released
 * meanwhile is not given back twice.
 */
async function releaseHeld(tx: Tx, itemId: number, now: Date, freed: Set<string>): Promise<void> {
  const released = await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: now, cancellationSource: 'late_payment', orderId: null })
    .where(and(eq(bookings.cartItemId, itemId), eq(bookings.status, 'reserved')))
    .returning({ occurrenceId: bookings.occurrenceId, places: bookings.capacityConsumed, source: bookings.source });
  // Sessions in id order, as every basket takes them, so two transactions never wait on each other's sessions.
  for (const r of released.sort((a, b) => a.occurrenceId.localeCompare(b.occurrenceId))) {
    await givePlacesBack(tx, r.occurrenceId, r.places, r.source);
    freed.add(r.occurrenceId);
  }
}

const periodEnd = (from: Date, period: string): Date | null =>
  period === 'monthly' ? dayjs(from).add(1, 'month').toDate() : period === 'annual' ? dayjs(from).add(1, 'year').toDate() : null;

async function planById(tx: Tx, id: number) {
  const [plan] = await tx.select().from(membershipPlans).where(eq(membershipPlans.id, id));
  if (!plan) throw new Error(`plan ${id} vanished`);
  return plan;
}

/**
 * Delivers what each basket line bought, inside the completing transaction: places settled (or credited when they
 * are gone), penalties paid, memberships started, changed or renewed, packages issued, credit topped up.
 */
export async function fulfil(tx: Tx, c: AuthedCtx, items: CartItemRow[], orderId: number, userId: number, now: Date): Promise<Fulfilment> {
  const lines: OrderLine[] = [];
  let credited = 0;
  const clientId = c.client.id;
  /** Sessions with places given back by this order: offered to their waitlists once every line is done. */
  const freed = new Set<string>();
  for (const item of [...items].sort((a, b) => a.id - b.id)) {
    const o = item.options;
    const owner = item.purchasedForUserId ?? userId;
    let bookingId: number | null = null;
    let delivered = true;
    switch (item.kind) {
      case 'av2_booking':
      case 'av2_booking_bundle': {
        const usesPackage = o.package as { packageId: number } | undefined;
        if (usesPackage) {
          // The package pays for the session: one use, taken only while one is left.
          const used = await tx
            .update(packages)
            .set({ usesRemaining: sql`${packages.usesRemaining} - 1` })
            .where(and(eq(packages.id, usesPackage.packageId), gt(packages.usesRemaining, 0)))
            .returning({ id: packages.id });
          if (used.length === 0) {
            delivered = false;
            break;
          }
        }
        bookingId = await settleOrRetake(tx, c, item, orderId, userId, now, freed);
        delivered = bookingId !== null;
        if (!delivered && usesPackage) {
          await tx
            .update(packages)
            .set({ usesRemaining: sql`${packages.usesRemaining} + 1` })
            .where(eq(packages.id, usesPackage.packageId));
        }
        break;
      }
      case 'penalty': {
        const paid = await tx
          .update(penalties)
          .set({ status: 'paid' })
          .where(and(eq(penalties.id, Number(o.penaltyId)), eq(penalties.status, 'outstanding')))
          .returning({ id: penalties.id });
        delivered = paid.length > 0;
        break;
      }
      case 'membership':
      case 'membership_change': {
        const plan = await planById(tx, Number(o.planId));
        if (item.kind === 'membership_change') {
          await tx
            .update(memberships)
            .set({ status: 'cancelled', endsAt: now })
            .where(and(eq(memberships.id, Number(o.fromMembershipId)), eq(memberships.status, 'active')));
        }
        const venue = (o.membership as { homeVenue: { id: number } | null } | undefined)?.homeVenue;
        await tx.insert(memberships).values({
          clientId,
          userId: owner,
          planId: plan.id,
          homeVenueId: venue?.id ?? null,
          status: 'active',
          startsAt: now,
          endsAt: periodEnd(now, plan.billingPeriod),
          createdAt: now,
        });
        break;
      }
      case 'membership_renewal': {
        const plan = await planById(tx, Number(o.planId));
        const id = (o.membership as { id: number }).id;
        const [m] = await tx.select().from(memberships).where(eq(memberships.id, id)).for('update');
        const from = m?.endsAt && m.endsAt > now ? m.endsAt : now;
        await tx
          .update(memberships)
          .set({ endsAt: periodEnd(from, plan.billingPeriod), status: 'active' })
          .where(eq(memberships.id, id));
        break;
      }
      case 'pricing_option': {
        const [plan] = await tx
          .select()
          .from(packagePlans)
          .where(eq(packagePlans.id, Number(o.packagePlanId)));
        if (!plan) {
          delivered = false;
          break;
        }
        await tx.insert(packages).values(
          Array.from({ length: item.quantity }, () => ({
            clientId,
            userId: owner,
            planId: plan.id,
            usesRemaining: plan.uses,
            expiresAt: dayjs(now).add(plan.validDays, 'day').toDate(),
            createdAt: now,
          })),
        );
        break;
      }
      case 'journal_transaction':
        await tx
          .insert(creditLedger)
          .values({ clientId, userId: owner, kind: 'general', amount: lineTotal(item), reason: 'Account top-up', orderId, createdAt: now });
        break;
      default:
        delivered = false;
    }
    if (!delivered) {
      credited += lineTotal(item);
      await releaseHeld(tx, item.id, now, freed);
    }
    lines.push({
      clientId,
      orderId,
      cartItemId: item.id,
      kind: item.kind,
      name: item.name,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      lineTotal: lineTotal(item),
      bookingId,
      status: delivered ? 'fulfilled' : 'credited',
    });
  }
  // As a cancellation does: a place given back goes to the first person waiting for it (decision 102).
  for (const occurrenceId of [...freed].sort()) await offerFreedPlaces(tx, c, occurrenceId, now);
  if (credited > 0) {
    await tx.insert(creditLedger).values({
      clientId,
      userId,
      kind: 'general',
      amount: credited,
      reason: 'Paid after the places were released; credited instead',
      orderId,
      createdAt: now,
    });
  }
  return { lines, credited };
}
