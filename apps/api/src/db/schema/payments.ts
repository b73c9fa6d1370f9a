import { sql } from 'drizzle-orm';
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
 * One attempt to pay a basket. Its status only moves forward (pending -> authorised / sca_required / failed;
 * authorised -> capturing -> completed / voided / failed, or authorised -> voided), every change conditional on the
 * status it expects (docs/decisions/070-money-moves-once.md). `capturing` is the durable record that money may be
 * moving: nothing is captured unless the transaction was marked so first, and the reconciliation job finishes any
 * capture left behind by a crash.
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
    /**
     * Whose session started it: the payer, a parent for a linked child, or staff at the desk for a customer. Staff
     * with a role here may finish the 3-D Secure challenge of one a staff session started (decision 232).
     */
    startedByUserId: integer('started_by_user_id').references(() => users.id),
    provider: text('provider').notNull(),
    status: text('status').$type<'pending' | 'authorised' | 'sca_required' | 'capturing' | 'failed' | 'completed' | 'voided'>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    itemHash: text('item_hash').notNull(),
    payments: jsonb('payments').$type<{ tender_type: string; amount: number }[]>().notNull(),
    /** The card token the provider gave the browser: single use, so it identifies a repeated authorise. */
    cardIdentifier: text('card_identifier'),
    /**
     * How the customer chose to pay by card: 'save' (a new card to keep), 'saved' (a kept one), or null (a new card not
     * kept). A payment decided after 3-D Secure keeps its card, or lets go of one the provider kept unasked, by it
     * (decision 223).
     */
    cardUse: text('card_use').$type<'save' | 'saved'>(),
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
    /**
     * Bumped each time someone starts (or takes over) the capture; the finishing step only counts when the attempt is
     * still the one it started with, so a capture taken over after a crash is finished once.
     */
    captureAttempt: integer('capture_attempt').notNull().default(0),
    /** When the current capture attempt started: a capture older than CAPTURE_GRACE_SECONDS is looked into. */
    captureStartedAt: timestamp('capture_started_at', { withTimezone: true }),
    /** Money the provider took for this transaction, and how much of it went back (payment_refunds that succeeded). */
    capturedAmount: integer('captured_amount').notNull().default(0),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_transactions_cart_idx').on(t.cartId),
    index('payment_transactions_capturing_idx').on(t.captureStartedAt).where(sql`${t.status} = 'capturing'`),
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
  /** The authorisation made with this card was let go (release): it can no longer be captured. */
  releasedAt: timestamp('released_at', { withTimezone: true }),
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

/** The sandbox's record of each refund, by the refund id the checkout gave it: a repeated refund is answered, not paid twice. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  transactionUuid: text('transaction_uuid').notNull(),
  amount: integer('amount').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Money given back for a transaction. Written (pending) in the same database transaction as the decision that makes
 * it owed, with a durable job that carries it out; its id is the provider's idempotency key, so running it again
 * never refunds twice. Succeeded refunds add up in payment_transactions.refunded_amount.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: text('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    transactionUuid: uuid('transaction_uuid')
      .notNull()
      .references(() => paymentTransactions.uuid),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** Why the money goes back: basket_already_paid, basket_changed, credit_changed, reconciliation... */
    reason: text('reason').notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull(),
    providerReference: text('provider_reference'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('payment_refunds_transaction_idx').on(t.transactionUuid)],
);

/**
 * What the reconciliation job found and did about a capture left unfinished (a crash between capture and order):
 * one row per action, for staff to read.
 */
export const paymentReconciliations = pgTable(
  'payment_reconciliations',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    transactionUuid: uuid('transaction_uuid')
      .notNull()
      .references(() => paymentTransactions.uuid),
    /** What the provider said: captured, authorised, released, failed or not_found. */
    providerStatus: text('provider_status').notNull(),
    capturedAmount: integer('captured_amount').notNull(),
    /** completed (an order was written), refunded (money given back), released (nothing taken, authorisation let go), failed (nothing taken). */
    action: text('action').$type<'completed' | 'refunded' | 'released' | 'failed'>().notNull(),
    orderId: integer('order_id'),
    refundId: text('refund_id'),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('payment_reconciliations_transaction_idx').on(t.transactionUuid)],
);

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

/**
 * The provider's own customer that stands for one of our customers at one client (a Stripe Customer, a Ryft
 * customer): the provider keeps saved cards on it. Only the mapping is kept here, never card data (decision 220).
 */
export const paymentCustomers = pgTable(
  'payment_customers',
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_customers_owner_idx').on(t.clientId, t.userId, t.provider)],
);
