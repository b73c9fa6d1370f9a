import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { carts } from './cart';
import { clients } from './tenancy';
import { users } from './users';

/** A payment session handed to the browser by prepare; authorise must present it. */
export const paymentSessions = pgTable('payment_sessions', {
  key: text('key').primaryKey(),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  cartId: integer('cart_id')
    .notNull()
    .references(() => carts.id),
  provider: text('provider').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One attempt to pay a basket. Its status only moves forward (pending -> authorised / sca_required / failed ->
 * completed), and complete reads it under a row lock, which is what makes authorise and complete idempotent.
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id),
    provider: text('provider').notNull(),
    status: text('status').$type<'pending' | 'authorised' | 'sca_required' | 'failed' | 'completed'>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    itemHash: text('item_hash').notNull(),
    payments: jsonb('payments').$type<{ tender_type: string; amount: number }[]>().notNull(),
    /** The card token the provider gave the browser: single use, so it identifies a repeated authorise. */
    cardIdentifier: text('card_identifier'),
    idempotencyKey: text('idempotency_key'),
    providerReference: text('provider_reference'),
    cardLast4: text('card_last4'),
    cardBrand: text('card_brand'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    orderId: integer('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_transactions_cart_idx').on(t.cartId),
    uniqueIndex('payment_transactions_card_identifier_idx').on(t.clientId, t.cardIdentifier),
    uniqueIndex('payment_transactions_idempotency_idx').on(t.clientId, t.userId, t.idempotencyKey),
  ],
);

/**
 * The sandbox provider's own store (its side of the card boundary): a card identifier and the behaviour its test
 * card asks for. The card number itself is never stored, only its last four digits.
 */
export const sandboxCardTokens = pgTable('sandbox_card_tokens', {
  identifier: text('identifier').primaryKey(),
  sessionKey: text('session_key').notNull(),
  behaviour: text('behaviour').notNull(),
  last4: text('last4').notNull(),
  brand: text('brand').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
