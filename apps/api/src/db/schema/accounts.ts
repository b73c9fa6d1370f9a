import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { categories } from './catalogue';
import { orders } from './orders';
import { clients } from './tenancy';
import { users } from './users';
import { venues } from './venues';

/**
 * The customer's account beyond bookings: memberships and their plans, packages of prepaid sessions, guest passes,
 * penalties, a credit ledger, and links between users. Baskets sell them (membership, membership_renewal,
 * membership_change, penalty, pricing_option items) and My account lists them.
 */

export const membershipPlans = pgTable('membership_plans', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  name: text('name').notNull(),
  description: text('description'),
  /** Price per billing period in the smallest currency unit. */
  price: integer('price').notNull(),
  billingPeriod: text('billing_period').$type<'monthly' | 'annual' | 'one_off'>().notNull(),
  /** Can be bought online (the online-joining flow). */
  onlineJoining: boolean('online_joining').notNull().default(true),
  /** Gives this much membership credit each period (spent through tender 'credit' of kind membership). */
  creditPerPeriod: integer('credit_per_period').notNull().default(0),
  /** Percentage taken off activity prices for members (a benefit). */
  activityDiscountPercent: integer('activity_discount_percent').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => membershipPlans.id),
    homeVenueId: integer('home_venue_id').references(() => venues.id),
    status: text('status').$type<'active' | 'pending' | 'cancelled' | 'expired'>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Paid up to; renewal extends it. Null for an open-ended membership. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('memberships_user_idx').on(t.userId)],
);

/** Packages for sale: a number of uses of a category's sessions, valid for some days after purchase. */
export const packagePlans = pgTable('package_plans', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  name: text('name').notNull(),
  price: integer('price').notNull(),
  uses: integer('uses').notNull(),
  /** The category (and its children) the package pays for; null for any. */
  categoryId: integer('category_id').references(() => categories.id),
  validDays: integer('valid_days').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A customer's package and how many uses it has left. */
export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => packagePlans.id),
    usesRemaining: integer('uses_remaining').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('packages_user_idx').on(t.userId)],
);

/** A pass a member gives a guest (only shown when the client enables online guest passes). */
export const guestPasses = pgTable(
  'guest_passes',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    guestName: text('guest_name'),
    status: text('status').$type<'available' | 'used' | 'expired'>().notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guest_passes_user_idx').on(t.userId)],
);

/** A charge a customer owes (a no-show fee, a late cancellation); paid through the basket. */
export const penalties = pgTable(
  'penalties',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bookingId: integer('booking_id'),
    reason: text('reason').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').$type<'outstanding' | 'paid' | 'waived'>().notNull().default('outstanding'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('penalties_user_idx').on(t.userId, t.status)],
);

/**
 * Every movement of a customer's credit, by kind (membership or general): positive when credit is given (a refund, a
 * membership allowance), negative when spent. A balance is the sum of the rows that have not expired.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<'membership' | 'general'>().notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_ledger_user_idx').on(t.userId, t.kind)],
);

/** A link between two users (a parent books for a child): the owner may act for the referenced user once accepted. */
export const linkedUsers = pgTable(
  'linked_users',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /**
     * The customer asked for; null when nobody of this client matches what the owner typed: such a request is kept and
     * answered exactly like a real one (it stays pending), so a request never tells whether an account exists.
     */
    referencedUserId: integer('referenced_user_id').references(() => users.id),
    /** What the owner typed (email or reference, normalised): all the owner sees of the other person until they accept. */
    requestedAs: text('requested_as').notNull().default(''),
    relationship: text('relationship').$type<'parent' | 'partner' | 'sibling' | 'employee' | 'carer'>().notNull(),
    status: text('status').$type<'successful' | 'pending' | 'revoked' | 'cancelled'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('linked_users_pair_idx').on(t.userId, t.referencedUserId),
    index('linked_users_referenced_idx').on(t.referencedUserId),
  ],
);
