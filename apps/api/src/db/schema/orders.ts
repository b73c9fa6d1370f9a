import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { carts } from './cart';
import { clients } from './tenancy';
import { tillSessions } from './tills';
import { users } from './users';

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id)
      .unique(),
    cartSource: text('cart_source').notNull(),
    source: text('source').$type<'online' | 'foh'>().notNull(),
    status: text('status').$type<'success' | 'pending' | 'cancelled' | 'awaiting_payment'>().notNull(),
    currency: text('currency').notNull(),
    total: integer('total').notNull(),
    balance: integer('balance').notNull(),
    refundStatus: text('refund_status').$type<'partial' | 'full' | 'off-system' | 'mixed'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('orders_user_idx').on(t.userId)],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    cartItemId: integer('cart_item_id'),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    lineTotal: integer('line_total').notNull(),
    bookingId: integer('booking_id'),
    /** fulfilled, or credited: paid after its hold expired with no place left, so its price went to the customer's credit. */
    status: text('status').$type<'fulfilled' | 'credited'>().notNull().default('fulfilled'),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/** How an order was paid: one line per tender (card, credit, cash...). */
export const paymentLines = pgTable(
  'payment_lines',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    tenderType: text('tender_type').notNull(),
    amount: integer('amount').notNull(),
    transactionUuid: uuid('transaction_uuid'),
    /** Front of house: the till a cash, cheque or offline-voucher tender went through. */
    tillId: text('till_id'),
    /** The till's opening the tender was taken in, for its cash-up (decision 161). */
    tillSessionId: integer('till_session_id').references(() => tillSessions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_lines_order_idx').on(t.orderId)],
);
