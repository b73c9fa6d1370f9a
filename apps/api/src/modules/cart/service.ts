import { createHash } from 'node:crypto';
import {
  type Cart,
  type CartAddBody,
  type CartItem,
  type CartItemInput,
  type CartUpdateBody,
  type CustomQuestionSection,
  checkoutMessages,
  defaultCartSource,
  ourMessages,
  sessionDayText,
  type TenderType,
  toMoney,
  toZonedDateTime,
} from '@app/contracts';
import {
  applyPaymentLineEvent,
  cartHashContent,
  cartTotals,
  creditAvailability,
  fitLinesToTotal,
  formattedTotals,
  isHoldExpired,
  lineTotal,
  type PaymentLineEntry,
} from '@app/domain';
import { and, eq } from 'drizzle-orm';
import type { Conn, Tx } from '../../db/client';
import { bookings, cartItems, carts, users } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { AppError, fieldError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { actingUserId } from '../auth/acting-for';
import { givePlacesBack } from '../bookings/capacity';
import { sectionsOfLines } from '../questions/sections';
import { attendeeWaiversOf } from '../restrictions/service';
import { auditForCustomer } from '../staff/audit';
import { refuseIfBlocked } from '../staff/penalties';
import { offerFreedPlaces } from '../waitlists/offers';
import { addMembership, addMembershipChange, addMembershipRenewal, addPackage, addPenalty, addTopUp } from './add-account-item';
import { addOccurrence, admitBeforeTransaction, type PlacesTakenFirst, takePlacesFirst } from './add-occurrence';
import { addProgramme, updateProgrammeOptions } from './add-programme';
import { assertItemsPerRequest, assertWithinLimits, lockCustomer } from './limits';
import { moveItem } from './move-item';
import {
  type BasketRead,
  type CartLineRow,
  type CartRow,
  cancelReservationOf,
  deleteCartItems,
  detachBookings,
  itemsOfCart,
  lockOpenCart,
  readBasket,
  readOpenBasket,
  touchCart,
} from './queries';

export interface CartScope {
  selectedUserId?: number | undefined;
  source?: string | undefined;
}

export type Adder = (
  tx: Tx,
  c: AuthedCtx,
  cart: CartRow,
  item: CartItemInput,
  field: string,
  actingUserId: number,
  takenFirst?: PlacesTakenFirst,
) => Promise<void>;

/**
 * How each purchasable type is added (docs/decisions/030-cart-item-kinds.md). Types of the spec's list the product
 * does not sell (booking, activity, collectableFee, debt, debtReconciliation) are refused as such.
 */
const adders: Partial<Record<CartItemInput['type'], Adder>> = {
  purchasableOccurrence: addOccurrence,
  av2Booking: addOccurrence,
  activityTicket: addOccurrence,
  course: addProgramme,
  camp: addProgramme,
  av2BookingBundle: addProgramme,
  penalty: addPenalty,
  membershipRenewal: addMembershipRenewal,
  pricingOption: addPackage,
  membership: addMembership,
  membershipChange: addMembershipChange,
  journalTransaction: addTopUp,
};

/** The most of one item a basket takes: packages can be bought several at a time, everything else once. */
export const maxQuantityOf = (kind: string): number => (kind === 'pricing_option' ? 10 : 1);

const cartableTypes: Record<string, string> = {
  av2_booking: 'av2Booking',
  av2_booking_bundle: 'av2BookingBundle',
  membership_renewal: 'membershipRenewal',
  pricing_option: 'pricingOption',
};

const paymentLinesOf = (cart: CartRow): PaymentLineEntry[] =>
  cart.payments.map((p) => ({ id: p.id, tenderType: p.tender_type, amount: p.amount }));

/**
 * item_hash: a digest of everything payable in the basket (lines, choices, holds) and of the payment lines applied
 * to it, so checkout refuses a basket that changed in any way since the customer looked at it.
 */
export const itemHash = (cart: CartRow, lines: CartLineRow[]): string =>
  createHash('sha256')
    .update(
      cartHashContent(
        cart.uuid,
        lines.map((l) => l.item),
      ),
    )
    .update(JSON.stringify(cart.payments))
    .digest('hex')
    .slice(0, 40);

/** A line is expired once its hold has run out or a place it held was given back; it cannot be paid for. */
const isExpired = (l: CartLineRow, now: Date): boolean => {
  if (isHoldExpired(l.item.expiresAt, now)) return true;
  const heldPlaces = (l.item.options.occurrenceIds as string[] | undefined)?.length ?? (l.item.occurrenceId ? 1 : 0);
  return l.heldPlaces < heldPlaces;
};

function toCartItem(l: CartLineRow, c: AuthedCtx, now: Date, sections: CustomQuestionSection[]): CartItem {
  const { item } = l;
  const currency = c.client.currency;
  const tz = c.client.timezone;
  const o = item.options as Record<string, unknown>;
  const tickets =
    (o.tickets as
      | {
          id: number;
          name: string;
          quantity: number;
          price: number;
          fullPrice?: number;
          customerReference?: string;
          customerName?: string;
          discountPercent?: number;
        }[]
      | undefined) ?? [];
  const extras = (o.extras as { id: number; name: string; quantity: number; price: number }[] | undefined) ?? [];
  const membership = o.membership as
    | { id: number | null; type: string; homeVenue: { id: number; name: string; slug: string } | null }
    | undefined;
  // Each instant is turned into the client's wall clock once; the resource's times are the same clock's HH:mm.
  const startsAt = l.startsAt ? toZonedDateTime(l.startsAt, tz) : null;
  const endsAt = l.endsAt ? toZonedDateTime(l.endsAt, tz) : null;
  return {
    id: item.id,
    kind: item.kind as CartItem['kind'],
    cartable_type: cartableTypes[item.kind] ?? item.purchasableType,
    name: item.name,
    quantity: item.quantity,
    max_quantity: maxQuantityOf(item.kind),
    price: {
      ...toMoney(item.unitPrice, currency),
      decimal: (item.unitPrice / 100).toFixed(2),
      raw: item.unitPrice,
      benefit_applied: o.benefit !== undefined,
      package_applied: o.package !== undefined,
    },
    line_total: toMoney(lineTotal(item), currency),
    purchased_for_user_id: item.purchasedForUserId,
    booking_id: l.bookingId,
    occurrence_id: item.occurrenceId,
    booking_type: l.bookingType,
    starts_at: startsAt,
    ends_at: endsAt,
    venue:
      l.venueId !== null && l.venueName !== null && l.venueSlug !== null
        ? { id: l.venueId, name: l.venueName, slug: l.venueSlug }
        : (membership?.homeVenue ?? null),
    cartable_resource: {
      name: l.scheduleName ?? item.name,
      venue_name: l.venueName ?? membership?.homeVenue?.name ?? null,
      location: l.friendlyLocationName,
      duration: l.startsAt && l.endsAt ? Math.round((l.endsAt.getTime() - l.startsAt.getTime()) / 60_000) : null,
      starts_at: startsAt?.format_24_hour ?? null,
      ends_at: endsAt?.format_24_hour ?? null,
      date: l.startsAt ? sessionDayText(l.startsAt, tz) : null,
      new_membership: item.kind === 'membership',
    },
    child_items: tickets.map((t) => ({
      id: t.id,
      name: t.name,
      quantity: t.quantity,
      price: toMoney(t.price, currency),
      customer_reference: t.customerReference ?? null,
      customer_name: t.customerName ?? null,
      discount_percent: t.discountPercent ?? 0,
      full_price: toMoney(t.fullPrice ?? t.price, currency),
    })),
    expires_at: item.expiresAt?.toISOString() ?? null,
    expired: isExpired(l, now),
    occurrence_ids: (o.occurrenceIds as string[] | undefined) ?? (item.occurrenceId ? [item.occurrenceId] : []),
    extras: extras.map((e) => ({ pricing_option_id: e.id, name: e.name, quantity: e.quantity, price: toMoney(e.price, currency) })),
    custom_question_answers: (o.answers as CartItem['custom_question_answers'] | undefined) ?? [],
    custom_question_sections: sections,
    membership_id: membership?.id ?? null,
    membership_type: membership?.type ?? null,
    home_venue: membership?.homeVenue ?? null,
  };
}

/** The basket as the wire shows it, with the customer's credit and the payment lines applied to it. */
export async function cartView(db: Conn, c: AuthedCtx, cart: CartRow, selectedUserId: number | null): Promise<Cart> {
  const now = c.clock.now();
  const read = await readBasket(db, cart.id, now);
  return basketView(db, c, cart, read?.lines ?? [], read?.balances ?? { membership: 0, general: 0 }, selectedUserId, now);
}

/**
 * The view of a basket read with readOpenBasket or readBasket (decision 270): the question sections and the waivers are
 * read only when that read says a line may have some, and then exactly as before.
 */
async function basketView(
  db: Conn,
  c: AuthedCtx,
  cart: CartRow,
  lines: CartLineRow[],
  balances: BasketRead['balances'],
  selectedUserId: number | null,
  now: Date,
): Promise<Cart> {
  const payments = paymentLinesOf(cart);
  const totals = cartTotals(
    lines.map((l) => l.item),
    payments,
  );
  const currency = c.client.currency;
  const [waivers, sectionsOf] = await Promise.all([
    lines.some((l) => l.mayNeedWaivers) ? attendeeWaiversOf(db, c, cart) : [],
    lines.some((l) => l.mayAskQuestions) ? sectionsOfLines(db, c.client.id, lines) : new Map<number, CustomQuestionSection[]>(),
  ]);
  const credit = creditAvailability(balances, totals.total, payments);
  const formatted = formattedTotals(totals, currency);
  const wireCredit = (k: 'membership' | 'general') => ({
    type: k,
    total_available: credit[k].totalAvailable,
    max_applicable: credit[k].maxApplicable,
  });
  return {
    id: cart.id,
    uuid: cart.uuid,
    source: cart.source,
    selected_user_id: selectedUserId,
    items: lines.map((l) => toCartItem(l, c, now, sectionsOf.get(l.item.id) ?? [])),
    item_hash: itemHash(cart, lines),
    total: toMoney(totals.total, currency),
    balance: toMoney(totals.balance, currency),
    totals: {
      total: totals.total,
      tax_total: totals.taxTotal,
      sub_total: totals.subTotal,
      balance: totals.balance,
      item_count: totals.itemCount,
      formatted_total: formatted.formattedTotal,
      formatted_balance: formatted.formattedBalance,
    },
    available_credit: { membership: wireCredit('membership'), general: wireCredit('general') },
    credits: payments.map((p) => ({ id: p.id, tender_type: p.tenderType as TenderType, amount: p.amount })),
    attendee_waivers_required: waivers.length,
    attendee_waivers: waivers,
    complete_order_id: cart.completeOrderId,
  };
}

async function mustBeCustomerOfClient(tx: Tx, c: AuthedCtx, userId: number): Promise<void> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.clientId, c.client.id)));
  if (!row) throw new AppError('not_found');
}

export const sourceOf = (scope: CartScope) => scope.source ?? defaultCartSource;

/** What the basket's lines add up to now. */
export const basketTotal = async (tx: Conn, cartId: number): Promise<number> =>
  (await itemsOfCart(tx, cartId)).reduce((n, i) => n + lineTotal(i), 0);

/** Stores the basket's payment lines after a change, fitted to its new total (read here unless the caller has it). */
export async function savePaymentLines(tx: Conn, cart: CartRow, lines: PaymentLineEntry[], knownTotal?: number): Promise<CartRow> {
  const total = knownTotal ?? (await basketTotal(tx, cart.id));
  const payments = fitLinesToTotal(lines, total).map((l) => ({ id: l.id, tender_type: l.tenderType, amount: l.amount }));
  const [row] = await tx.update(carts).set({ payments }).where(eq(carts.id, cart.id)).returning();
  return row ?? cart;
}

export async function getCart(c: AuthedCtx, scope: CartScope): Promise<Cart> {
  const userId = await actingUserId(c, scope.selectedUserId);
  // An existing basket is read in one statement, without a transaction or lock; a missing one is made under the lock.
  const now = c.clock.now();
  const read = await readOpenBasket(c.db, c.client.id, userId, sourceOf(scope), now);
  if (read) return basketView(c.db, c, read.cart, read.lines, read.balances, scope.selectedUserId ?? null, now);
  const cart = await inTransaction(c.db, (tx) => lockOpenCart(tx, c.client.id, userId, sourceOf(scope)));
  return cartView(c.db, c, cart, scope.selectedUserId ?? null);
}

/**
 * Adds every item or none, in one transaction: the places of sessions added without tickets are taken first, before
 * the basket is locked, so a full session is refused for one UPDATE (decision 116); then the basket is locked and
 * each item added, sessions in id order. One session added alone is refused before the transaction when a read of
 * its row already says no, and waits its turn while its last places are being taken (decision 276).
 */
export async function addItems(c: AuthedCtx, body: CartAddBody): Promise<Cart> {
  const userId = await actingUserId(c, body.selected_user_id);
  return addItemsFor(c, userId, body.items, sourceOf(body), body.selected_user_id ?? null);
}

export async function addItemsFor(
  c: AuthedCtx,
  userId: number,
  items: CartItemInput[],
  source: string,
  selectedUserId: number | null,
): Promise<Cart> {
  const ordered = items.map((item, index) => ({ item, index })).sort((a, b) => String(a.item.id).localeCompare(String(b.item.id)));
  // What the body alone can refuse is refused before any statement.
  for (const { item, index } of ordered) {
    if (!adders[item.type]) throw fieldError({ [`items.${index}.type`]: [ourMessages.itemTypeNotSupported] });
    const max = item.type === 'pricingOption' ? maxQuantityOf('pricing_option') : 1;
    if (item.quantity > max) throw fieldError({ [`items.${index}.quantity`]: [checkoutMessages.quantityAbove(max)] });
  }
  // A full session is refused before anything else is read, without a transaction (decision 276).
  const leave = await admitBeforeTransaction(c, items, userId);
  let cart: CartRow;
  try {
    cart = await addItemsInTransaction(c, userId, items, source, ordered);
  } finally {
    leave();
  }
  return cartView(c.db, c, cart, selectedUserId);
}

async function addItemsInTransaction(
  c: AuthedCtx,
  userId: number,
  items: CartItemInput[],
  source: string,
  ordered: { item: CartItemInput; index: number }[],
): Promise<CartRow> {
  // Strikes may block a customer's online booking (issue 15, decision 129): paying a penalty stays open, and staff
  // at the desk may still book for them.
  if (c.user.role !== 'staff' && items.some((i) => i.type !== 'penalty'))
    await refuseIfBlocked(c.db, c.client.id, userId, c.clock.now(), c.client.timezone);
  return inTransaction(c.db, async (tx) => {
    // One customer's adds run one at a time (any basket, any process), so the limits below hold under concurrency;
    // the limits come with the lock, as the client's row has them now.
    const limits = await lockCustomer(tx, c.client.id, userId, c.config.customerLimits);
    assertItemsPerRequest(items.length, limits);
    const takenFirst = await takePlacesFirst(tx, c, items, userId);
    const cart = await lockOpenCart(tx, c.client.id, userId, source);
    for (const { item, index } of ordered) {
      const add = adders[item.type] as Adder;
      if (item.purchased_for_user_id !== undefined) await mustBeCustomerOfClient(tx, c, item.purchased_for_user_id);
      await add(tx, c, cart, item, `items.${index}`, userId, takenFirst);
    }
    // Staff at the desk act for many customers and are not limited; a customer (or someone acting for one) is.
    if (c.user.role !== 'staff') await assertWithinLimits(tx, c, userId, limits);
    await touchCart(tx, cart.id, c.clock.now());
    const added = ordered.map(({ item }) => ({
      type: item.type,
      id: item.id,
      ...(item.purchased_for_user_id !== undefined ? { purchased_for_user_id: item.purchased_for_user_id } : {}),
    }));
    await auditForCustomer(c, 'basket.items_added', userId, { source, items: added }, tx);
    return cart;
  });
}

/**
 * Removes lines from the basket and gives back the places they held. Unknown ids change nothing and answer 404.
 * Only the general credit lines stay (spec doc 1, section 4), cut back to the new total.
 */
export async function removeItems(c: AuthedCtx, scope: CartScope, ids: number[] | 'all'): Promise<Cart> {
  const userId = await actingUserId(c, scope.selectedUserId);
  return removeItemsFor(c, userId, sourceOf(scope), ids, scope.selectedUserId ?? null);
}

export async function removeItemsFor(
  c: AuthedCtx,
  userId: number,
  source: string,
  ids: number[] | 'all',
  selectedUserId: number | null,
): Promise<Cart> {
  const cart = await inTransaction(c.db, async (tx) => {
    const cart = await lockOpenCart(tx, c.client.id, userId, source);
    const items = await itemsOfCart(tx, cart.id, ids === 'all' ? undefined : ids);
    if (ids !== 'all' && items.length !== new Set(ids).size) throw new AppError('not_found');
    const now = c.clock.now();
    for (const item of items) {
      for (const r of await cancelReservationOf(tx, item.id, now)) {
        await givePlacesBack(tx, r.occurrenceId, r.places, r.source);
        await offerFreedPlaces(tx, c, r.occurrenceId, now);
      }
      await detachBookings(tx, item.id);
    }
    await deleteCartItems(
      tx,
      items.map((i) => i.id),
    );
    await touchCart(tx, cart.id, now);
    const removed = items.map((i) => ({ cart_item_id: i.id, name: i.name }));
    if (items.length > 0) await auditForCustomer(c, 'basket.items_removed', userId, { source, items: removed }, tx);
    if (items.length === 0) return cart;
    return savePaymentLines(tx, cart, applyPaymentLineEvent(paymentLinesOf(cart), { type: 'items_removed' }));
  });
  return cartView(c.db, c, cart, selectedUserId);
}

/**
 * PUT /{cartItemId}: a new quantity (at least 1, at most the item's max_quantity), for courses and camps new extras
 * or answers, and the person a session is for (`purchased_for_user_id`, decision 168). Payment lines are cut back
 * if the total fell.
 */
export async function updateItem(c: AuthedCtx, cartItemId: number, body: CartUpdateBody): Promise<Cart> {
  const userId = await actingUserId(c, body.selected_user_id);
  const cart = await inTransaction(c.db, async (tx) => {
    const cart = await lockOpenCart(tx, c.client.id, userId, sourceOf(body));
    const [item] = await itemsOfCart(tx, cart.id, [cartItemId]);
    if (!item) throw new AppError('not_found');
    const changes: Partial<typeof cartItems.$inferInsert> = {};
    if (body.quantity !== undefined) {
      const max = maxQuantityOf(item.kind);
      if (body.quantity > max) throw fieldError({ quantity: [checkoutMessages.quantityAbove(max)] });
      changes.quantity = body.quantity;
    }
    if (body.extras !== undefined || body.custom_question_answers !== undefined) {
      if (item.kind !== 'av2_booking_bundle') {
        const field = body.extras !== undefined ? 'extras' : 'custom_question_answers';
        throw fieldError({ [field]: [checkoutMessages.onlyBundleOptions] });
      }
      Object.assign(changes, await updateProgrammeOptions(tx, c, item, body));
    }
    if (body.purchased_for_user_id !== undefined) Object.assign(changes, await moveItem(tx, c, cart, item, body.purchased_for_user_id));
    if (Object.keys(changes).length > 0) await tx.update(cartItems).set(changes).where(eq(cartItems.id, item.id));
    await touchCart(tx, cart.id, c.clock.now());
    const changed = Object.keys(body).filter((k) => k !== 'selected_user_id' && k !== 'source');
    await auditForCustomer(c, 'basket.item_updated', userId, { cart_item_id: item.id, name: item.name, changed }, tx);
    return savePaymentLines(tx, cart, paymentLinesOf(cart));
  });
  return cartView(c.db, c, cart, body.selected_user_id ?? null);
}

/**
 * DELETE benefit or package removal: the line goes back to its full price. A line with no benefit (or package)
 * applied answers 409 and changes nothing.
 */
export async function removeBenefit(c: AuthedCtx, what: 'benefit' | 'package', cartItemId: number, scope: CartScope): Promise<Cart> {
  const userId = await actingUserId(c, scope.selectedUserId);
  const cart = await inTransaction(c.db, async (tx) => {
    const cart = await lockOpenCart(tx, c.client.id, userId, sourceOf(scope));
    const [item] = await itemsOfCart(tx, cart.id, [cartItemId]);
    if (!item) throw new AppError('not_found');
    const options = { ...(item.options as Record<string, unknown>) };
    const applied = options[what] as { fullPrice: number } | undefined;
    if (!applied) throw new AppError(what === 'benefit' ? 'no_benefit' : 'no_package');
    delete options[what];
    await tx.update(cartItems).set({ options, unitPrice: applied.fullPrice }).where(eq(cartItems.id, item.id));
    await tx
      .update(bookings)
      .set({ price: applied.fullPrice })
      .where(and(eq(bookings.cartItemId, item.id), eq(bookings.status, 'reserved')));
    await touchCart(tx, cart.id, c.clock.now());
    await auditForCustomer(c, 'basket.benefit_removed', userId, { cart_item_id: item.id, name: item.name, removed: what }, tx);
    return cart;
  });
  return cartView(c.db, c, cart, scope.selectedUserId ?? null);
}

export { paymentLinesOf };
