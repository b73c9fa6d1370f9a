import { type HeldBenefits, priceAfterBenefits } from '@app/domain';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { cartItems, categories, membershipPlans, memberships, packagePlans, packages } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';

/**
 * What the attendee holds that pays for a session of this category: a package of theirs covering the category (or
 * its parent, or any) with a use not already spoken for in this basket, and the best activity discount of their
 * active memberships.
 */
async function heldBenefits(tx: Tx, c: AuthedCtx, attendee: number, categoryId: number, cartId: number, now: Date): Promise<HeldBenefits> {
  const [category] = await tx.select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, categoryId));
  const covered = [categoryId, ...(category?.parentId ? [category.parentId] : [])];
  const owned = await tx
    .select({ id: packages.id, usesRemaining: packages.usesRemaining })
    .from(packages)
    .innerJoin(packagePlans, eq(packagePlans.id, packages.planId))
    .where(
      and(
        eq(packages.clientId, c.client.id),
        eq(packages.userId, attendee),
        gt(packages.usesRemaining, 0),
        gt(packages.expiresAt, now),
        or(isNull(packagePlans.categoryId), inArray(packagePlans.categoryId, covered)),
      ),
    )
    .orderBy(packages.expiresAt);
  // One read of the packages this basket's lines already use, not one per package owned.
  const inBasket =
    owned.length === 0
      ? []
      : await tx
          .select({ packageId: sql<number | null>`(${cartItems.options}->'package'->>'packageId')::int` })
          .from(cartItems)
          .where(eq(cartItems.cartId, cartId));
  const spoken = (id: number) => inBasket.filter((r) => r.packageId === id).length;
  const packageId = owned.find((p) => spoken(p.id) < p.usesRemaining)?.id ?? null;
  const [best] = await tx
    .select({ percent: sql<number>`coalesce(max(${membershipPlans.activityDiscountPercent}), 0)::int` })
    .from(memberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .where(and(eq(memberships.clientId, c.client.id), eq(memberships.userId, attendee), eq(memberships.status, 'active')));
  return { packageId, discountPercent: best?.percent ?? 0 };
}

/** The price a session line is added at, and the benefit or package applied (kept in the line's options). */
export async function sessionPrice(tx: Tx, c: AuthedCtx, attendee: number, categoryId: number, cartId: number, fullPrice: number) {
  const held = await heldBenefits(tx, c, attendee, categoryId, cartId, c.clock.now());
  const after = priceAfterBenefits(fullPrice, held);
  const options: Record<string, unknown> = {};
  if (after.applied?.kind === 'package') options.package = { packageId: after.applied.packageId, fullPrice: after.applied.fullPrice };
  if (after.applied?.kind === 'benefit') options.benefit = { percent: after.applied.percent, fullPrice: after.applied.fullPrice };
  return { price: after.price, options };
}
