import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
  /** The basket's item_hash when the session was prepared: the session calls refuse a basket changed since. */
  itemHash: text('item_hash'),
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
    status: text('status').$type<'pending' | 'authorised' | 'sca_required' | 'failed' | 'completed' | 'voided'>().notNull(),
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
    /** Where the customer returns after a 3-D Secure challenge. */
    returnUrl: text('return_url'),
    /** The first complete's answer, so a repeat returns exactly it. */
    result: jsonb('result').$type<Record<string, unknown>>(),
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
  /** MM/YY, kept only for cards saved for later (shown as the saved card's expiry). */
  expiry: text('expiry'),
  /** A card saved for later: reusable across sessions (the single-use rule does not apply). */
  reusable: boolean('reusable').notNull().default(false),
  /** The payment it was used for; the 3-D Secure challenge page is addressed by it. */
  transactionUuid: text('transaction_uuid'),
  /** 3-D Secure: what the customer answered on the sandbox's challenge page (passed or failed), once answered. */
  challengeResult: text('challenge_result'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox provider's record of money taken (its side of the boundary): one row per captured transaction, so a
 * repeated capture never charges twice; refunds add up in refunded.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  transactionUuid: text('transaction_uuid').primaryKey(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  refunded: integer('refunded').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A card a customer chose to save (save_card): our side keeps only the provider's reusable reference and what the
 * checkout shows (last four digits, brand, expiry).
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    last4: text('last4').notNull(),
    brand: text('brand').notNull(),
    expiry: text('expiry').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_cards_user_idx').on(t.userId)],
);
