import { type CartItemInput, requiredMessage } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { cartItems, membershipPlans, memberships, packagePlans, penalties, users, venues } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { AppError } from '../../lib/errors';
import { type CartRow, insertCartItem } from './queries';

/**
 * Basket lines that hold no place: a penalty owed, a membership bought, changed or renewed, a package, a credit
 * top-up. Each names what it is for in its options; completion acts on it (checkout/fulfil.ts).
 */

const numericId = (item: CartItemInput): number => {
  const id = Number(item.id);
  if (!Number.isInteger(id) || id < 1) throw new AppError('not_found');
  return id;
};

/** The same thing twice in one basket is refused, like a session. */
async function refuseDuplicate(tx: Tx, cart: CartRow, kind: string, purchasableId: string): Promise<void> {
  const [dup] = await tx
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.kind, kind), eq(cartItems.purchasableId, purchasableId)))
    .limit(1);
  if (dup) throw new AppError('already_in_basket');
}

async function line(
  tx: Tx,
  c: AuthedCtx,
  cart: CartRow,
  item: CartItemInput,
  values: { kind: string; purchasableId: string; name: string; unitPrice: number; quantity?: number; options: Record<string, unknown> },
) {
  await refuseDuplicate(tx, cart, values.kind, values.purchasableId);
  await insertCartItem(tx, {
    clientId: c.client.id,
    cartId: cart.id,
    purchasableType: item.type,
    quantity: values.quantity ?? 1,
    purchasedForUserId: item.purchased_for_user_id ?? null,
    createdAt: c.clock.now(),
    kind: values.kind,
    purchasableId: values.purchasableId,
    name: values.name,
    unitPrice: values.unitPrice,
    options: values.options,
  });
}

async function homeVenue(tx: Tx, c: AuthedCtx, venueId: number | null) {
  if (venueId === null) return null;
  const [v] = await tx
    .select({ id: venues.id, name: venues.name, slug: venues.slug })
    .from(venues)
    .where(and(eq(venues.id, venueId), eq(venues.clientId, c.client.id)));
  if (!v) throw new AppError('not_found');
  return v;
}

async function activeMembershipOf(tx: Tx, c: AuthedCtx, userId: number) {
  const [m] = await tx
    .select({ m: memberships, plan: membershipPlans })
    .from(memberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .where(and(eq(memberships.clientId, c.client.id), eq(memberships.userId, userId), eq(memberships.status, 'active')))
    .limit(1);
  return m;
}

async function planOf(tx: Tx, c: AuthedCtx, id: number) {
  const [plan] = await tx
    .select()
    .from(membershipPlans)
    .where(and(eq(membershipPlans.id, id), eq(membershipPlans.clientId, c.client.id)));
  if (!plan) throw new AppError('not_found');
  return plan;
}

/** A penalty the person owes: only their own, and only while outstanding. */
export async function addPenalty(tx: Tx, c: AuthedCtx, cart: CartRow, item: CartItemInput, _field: string, actingUserId: number) {
  const id = numericId(item);
  const owner = item.purchased_for_user_id ?? actingUserId;
  const [p] = await tx
    .select()
    .from(penalties)
    .where(and(eq(penalties.id, id), eq(penalties.clientId, c.client.id), eq(penalties.userId, owner)));
  if (!p) throw new AppError('not_found');
  if (p.status !== 'outstanding') throw new AppError('penalty_not_outstanding');
  await line(tx, c, cart, item, {
    kind: 'penalty',
    purchasableId: String(p.id),
    name: p.reason,
    unitPrice: p.amount,
    options: { penaltyId: p.id },
  });
}

/** Renewing a membership the person holds, for one more period of its plan. */
export async function addMembershipRenewal(tx: Tx, c: AuthedCtx, cart: CartRow, item: CartItemInput, _f: string, actingUserId: number) {
  const id = numericId(item);
  const owner = item.purchased_for_user_id ?? actingUserId;
  const [row] = await tx
    .select({ m: memberships, plan: membershipPlans })
    .from(memberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .where(and(eq(memberships.id, id), eq(memberships.clientId, c.client.id), eq(memberships.userId, owner)));
  if (!row) throw new AppError('not_found');
  if (row.m.status === 'cancelled' || row.plan.billingPeriod === 'one_off') throw new AppError('not_for_sale');
  const venue = await homeVenue(tx, c, row.m.homeVenueId);
  await line(tx, c, cart, item, {
    kind: 'membership_renewal',
    purchasableId: String(row.m.id),
    name: `${row.plan.name} renewal`,
    unitPrice: row.plan.price,
    options: { membership: { id: row.m.id, type: row.plan.name, homeVenue: venue }, planId: row.plan.id },
  });
}

/** A new membership (online joining): a plan sold online, for someone without an active membership. */
export async function addMembership(tx: Tx, c: AuthedCtx, cart: CartRow, item: CartItemInput, _f: string, actingUserId: number) {
  const plan = await planOf(tx, c, numericId(item));
  if (!plan.onlineJoining) throw new AppError('not_for_sale');
  const owner = item.purchased_for_user_id ?? actingUserId;
  if (await activeMembershipOf(tx, c, owner)) throw new AppError('already_member');
  const [user] = await tx.select({ homeVenueId: users.homeVenueId }).from(users).where(eq(users.id, owner));
  const venue = await homeVenue(tx, c, item.home_venue_id ?? user?.homeVenueId ?? null);
  await line(tx, c, cart, item, {
    kind: 'membership',
    purchasableId: String(plan.id),
    name: plan.name,
    unitPrice: plan.price,
    options: { membership: { id: null, type: plan.name, homeVenue: venue }, planId: plan.id, homeVenueId: venue?.id ?? null },
  });
}

/** Moving an active membership to another plan; the new plan's price is paid and it starts on completion. */
export async function addMembershipChange(tx: Tx, c: AuthedCtx, cart: CartRow, item: CartItemInput, _f: string, actingUserId: number) {
  const plan = await planOf(tx, c, numericId(item));
  const owner = item.purchased_for_user_id ?? actingUserId;
  const current = await activeMembershipOf(tx, c, owner);
  if (!current) throw new AppError('no_membership');
  if (current.plan.id === plan.id) throw new AppError('same_plan');
  const venue = await homeVenue(tx, c, item.home_venue_id ?? current.m.homeVenueId);
  await line(tx, c, cart, item, {
    kind: 'membership_change',
    purchasableId: String(plan.id),
    name: `${current.plan.name} to ${plan.name}`,
    unitPrice: plan.price,
    options: { membership: { id: current.m.id, type: plan.name, homeVenue: venue }, planId: plan.id, fromMembershipId: current.m.id },
  });
}

/** A package of sessions (the pricing_option kind): up to 10 at a time. */
export async function addPackage(tx: Tx, c: AuthedCtx, cart: CartRow, item: CartItemInput) {
  const id = numericId(item);
  const [plan] = await tx
    .select()
    .from(packagePlans)
    .where(and(eq(packagePlans.id, id), eq(packagePlans.clientId, c.client.id)));
  if (!plan) throw new AppError('not_found');
  await line(tx, c, cart, item, {
    kind: 'pricing_option',
    purchasableId: String(plan.id),
    name: plan.name,
    unitPrice: plan.price,
    quantity: item.quantity,
    options: { packagePlanId: plan.id },
  });
}

/** A top-up of general credit (journal_transaction): the amount asked, paid like anything else. */
export async function addTopUp(tx: Tx, c: AuthedCtx, cart: CartRow, item: CartItemInput, field: string) {
  if (item.amount === undefined)
    throw new AppError('validation_failed', { message: requiredMessage, fieldErrors: { [`${field}.amount`]: [requiredMessage] } });
  await line(tx, c, cart, item, {
    kind: 'journal_transaction',
    purchasableId: 'top-up',
    name: 'Account credit top-up',
    unitPrice: item.amount,
    options: { creditKind: 'general' },
  });
}
