import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './tenancy';
import { occurrences, pricingOptions } from './timetable';
import { users } from './users';

/** One open basket per user and source; completed baskets stay as the history of an order. */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    source: text('source').notNull(),
    status: text('status').$type<'open' | 'completed'>().notNull().default('open'),
    completeOrderId: integer('complete_order_id'),
    /** Payment lines applied before checkout (credit lines), by the rules of packages/domain payment-lines.ts. */
    payments: jsonb('payments').$type<{ id: string; tender_type: string; amount: number }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('carts_open_idx').on(t.clientId, t.userId, t.source).where(sql`status = 'open'`)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id),
    kind: text('kind').notNull(),
    /** The type the item was added as (purchasableOccurrence, course...) and the id it named. */
    purchasableType: text('purchasable_type').notNull(),
    purchasableId: text('purchasable_id').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    occurrenceId: text('occurrence_id').references(() => occurrences.id),
    pricingOptionId: integer('pricing_option_id').references(() => pricingOptions.id),
    purchasedForUserId: integer('purchased_for_user_id').references(() => users.id),
    /** Kind-specific choices (tickets, answers, extras), kept as sent after validation. */
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    /** When the place this item holds is given back; null for items that hold no place. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cart_items_cart_idx').on(t.cartId)],
);

/**
 * A place on an occurrence. Reserved while it sits in a basket (with a hold expiry), settled once paid,
 * cancelled when given back. capacity_consumed is how many places it takes on the occurrence.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    occurrenceId: text('occurrence_id')
      .notNull()
      .references(() => occurrences.id),
    cartItemId: integer('cart_item_id').references(() => cartItems.id),
    orderId: integer('order_id'),
    status: text('status').$type<'reserved' | 'settled' | 'cancelled'>().notNull(),
    capacityConsumed: integer('capacity_consumed').notNull(),
    price: integer('price'),
    source: text('source').$type<'online' | 'foh'>().notNull().default('online'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    cancellationSource: text('cancellation_source'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    attended: text('attended').$type<'attended' | 'absent'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_occurrence_idx').on(t.occurrenceId, t.status),
    index('bookings_user_idx').on(t.userId, t.status),
    // A basket line's places and first booking (the basket read, decision 270).
    index('bookings_cart_item_idx').on(t.cartItemId),
    index('bookings_hold_idx').on(t.holdExpiresAt).where(sql`status = 'reserved'`),
  ],
);
