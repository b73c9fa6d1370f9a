import { createHash } from 'node:crypto';
import {
  type Cart,
  type CartAddBody,
  type CartItem,
  dateFormats,
  dayjs,
  defaultCartSource,
  formatMoney,
  toMoney,
  toZonedDateTime,
} from '@app/contracts';
import { cartHashContent, cartTotals, isHoldExpired, lineTotal } from '@app/domain';
import type { Conn } from '../../db/client';
import type { AuthedCtx } from '../../http/context';
import { AppError, fieldError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { actingUserId } from '../auth/acting-for';
import { givePlacesBack } from '../bookings/capacity';
import { addOccurrence } from './add-occurrence';
import {
  type CartLineRow,
  type CartRow,
  cancelReservationOf,
  cartLines,
  deleteCartItems,
  detachBookings,
  findOpenCart,
  itemsOfCart,
  lockOpenCart,
  touchCart,
} from './queries';

export interface CartScope {
  selectedUserId?: number | undefined;
  source?: string | undefined;
}

/** How each purchasable type is added. Types the product does not sell yet are refused as such. */
const adders = {
  purchasableOccurrence: addOccurrence,
} as const;

/** item_hash: a digest of everything payable in the basket, so checkout can refuse a basket that changed. */
export const itemHash = (cart: CartRow, lines: CartLineRow[]): string =>
  createHash('sha256')
    .update(
      cartHashContent(
        cart.uuid,
        lines.map((l) => ({ ...l.item, options: l.item.options, expiresAt: l.item.expiresAt })),
      ),
    )
    .digest('hex')
    .slice(0, 40);

function toCartItem(l: CartLineRow, c: AuthedCtx, now: Date): CartItem {
  const { item } = l;
  const currency = c.client.currency;
  const tz = c.client.timezone;
  const tickets = (item.options.tickets as { id: number; name: string; quantity: number; price: number }[] | undefined) ?? [];
  const expired = isHoldExpired(item.expiresAt, now) || (item.occurrenceId !== null && l.bookingStatus === null);
  return {
    id: item.id,
    kind: item.kind as CartItem['kind'],
    cartable_type: item.occurrenceId ? 'av2Booking' : item.purchasableType,
    name: item.name,
    quantity: item.quantity,
    max_quantity: 1,
    price: {
      ...toMoney(item.unitPrice, currency),
      decimal: (item.unitPrice / 100).toFixed(2),
      raw: item.unitPrice,
      benefit_applied: false,
      package_applied: false,
    },
    line_total: toMoney(lineTotal(item), currency),
    purchased_for_user_id: item.purchasedForUserId,
    booking_id: l.bookingId,
    occurrence_id: item.occurrenceId,
    booking_type: l.bookingType,
    starts_at: l.startsAt ? toZonedDateTime(l.startsAt, tz) : null,
    ends_at: l.endsAt ? toZonedDateTime(l.endsAt, tz) : null,
    venue:
      l.venueId !== null && l.venueName !== null && l.venueSlug !== null ? { id: l.venueId, name: l.venueName, slug: l.venueSlug } : null,
    cartable_resource: {
      name: l.scheduleName ?? item.name,
      venue_name: l.venueName,
      location: l.friendlyLocationName,
      duration: l.startsAt && l.endsAt ? Math.round((l.endsAt.getTime() - l.startsAt.getTime()) / 60_000) : null,
      starts_at: l.startsAt ? dayjs(l.startsAt).tz(tz).format(dateFormats.time24) : null,
      ends_at: l.endsAt ? dayjs(l.endsAt).tz(tz).format(dateFormats.time24) : null,
      date: l.startsAt ? dayjs(l.startsAt).tz(tz).format(dateFormats.sessionDay) : null,
      new_membership: false,
    },
    child_items: tickets.map((t) => ({ id: t.id, name: t.name, quantity: t.quantity, price: toMoney(t.price, currency) })),
    expires_at: item.expiresAt?.toISOString() ?? null,
    expired,
  };
}

/** The basket as the wire shows it. */
export async function cartView(db: Conn, c: AuthedCtx, cart: CartRow, selectedUserId: number | null): Promise<Cart> {
  const now = c.clock.now();
  const lines = await cartLines(db, cart.id);
  const totals = cartTotals(lines.map((l) => l.item));
  const currency = c.client.currency;
  const noCredit = (type: 'membership' | 'general') => ({ type, total_available: 0, max_applicable: 0 });
  return {
    id: cart.id,
    uuid: cart.uuid,
    source: cart.source,
    selected_user_id: selectedUserId,
    items: lines.map((l) => toCartItem(l, c, now)),
    item_hash: itemHash(cart, lines),
    total: toMoney(totals.total, currency),
    balance: toMoney(totals.balance, currency),
    totals: {
      total: totals.total,
      tax_total: totals.taxTotal,
      sub_total: totals.subTotal,
      balance: totals.balance,
      item_count: totals.itemCount,
      formatted_total: formatMoney(totals.total, currency),
      formatted_balance: formatMoney(totals.balance, currency),
    },
    available_credit: { membership: noCredit('membership'), general: noCredit('general') },
    credits: [],
    attendee_waivers_required: 0,
    complete_order_id: cart.completeOrderId,
  };
}

const sourceOf = (scope: CartScope) => scope.source ?? defaultCartSource;

export async function getCart(c: AuthedCtx, scope: CartScope): Promise<Cart> {
  const userId = await actingUserId(c, scope.selectedUserId);
  const existing = await findOpenCart(c.db, c.client.id, userId, sourceOf(scope));
  const cart = existing ?? (await inTransaction(c.db, (tx) => lockOpenCart(tx, c.client.id, userId, sourceOf(scope))));
  return cartView(c.db, c, cart, scope.selectedUserId ?? null);
}

/** Adds every item or none: one transaction, the basket locked, sessions taken in id order (no lock cycles). */
export async function addItems(c: AuthedCtx, body: CartAddBody): Promise<Cart> {
  const userId = await actingUserId(c, body.selected_user_id);
  const ordered = body.items.map((item, index) => ({ item, index })).sort((a, b) => String(a.item.id).localeCompare(String(b.item.id)));
  const cart = await inTransaction(c.db, async (tx) => {
    const cart = await lockOpenCart(tx, c.client.id, userId, sourceOf(body));
    for (const { item, index } of ordered) {
      const add = adders[item.type as keyof typeof adders];
      if (!add) throw fieldError({ [`items.${index}.type`]: ['This item cannot be added to the basket.'] });
      await add(tx, c, cart, item, `items.${index}`, userId);
    }
    await touchCart(tx, cart.id, c.clock.now());
    return cart;
  });
  return cartView(c.db, c, cart, body.selected_user_id ?? null);
}

/** Removes lines from the basket and gives back the places they held. Unknown ids change nothing and answer 404. */
export async function removeItems(c: AuthedCtx, scope: CartScope, ids: number[] | 'all'): Promise<Cart> {
  const userId = await actingUserId(c, scope.selectedUserId);
  const cart = await inTransaction(c.db, async (tx) => {
    const cart = await lockOpenCart(tx, c.client.id, userId, sourceOf(scope));
    const items = await itemsOfCart(tx, cart.id, ids === 'all' ? undefined : ids);
    if (ids !== 'all' && items.length !== new Set(ids).size) throw new AppError('not_found');
    const now = c.clock.now();
    for (const item of items) {
      for (const r of await cancelReservationOf(tx, item.id, now)) await givePlacesBack(tx, r.occurrenceId, r.places, r.source);
      await detachBookings(tx, item.id);
    }
    await deleteCartItems(
      tx,
      items.map((i) => i.id),
    );
    await touchCart(tx, cart.id, now);
    return cart;
  });
  return cartView(c.db, c, cart, scope.selectedUserId ?? null);
}
