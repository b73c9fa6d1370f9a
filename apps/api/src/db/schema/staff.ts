import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './tenancy';
import { users } from './users';

/** What a staff member may do at one client (decision 125): a role held at one client grants nothing at another. */
export const staffRoles = pgTable(
  'staff_roles',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role').$type<'front_desk' | 'manager' | 'administrator'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_roles_client_user_role_idx').on(t.clientId, t.userId, t.role)],
);

/** The staff console's settings per client; a client without a row uses the defaults (contracts' staffDefaults). */
export const staffSettings = pgTable('staff_settings', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => clients.id),
  /** A desk PC's staff session ends after this many minutes without a staff call. */
  deskIdleMinutes: integer('desk_idle_minutes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * When each staff login last made a staff call, for the desk's idle timeout. Kept after the session ends, so a
 * timed-out token stays refused on the staff routes even where a process still has the session cached.
 */
export const staffDeskActivity = pgTable('staff_desk_activity', {
  tokenHash: text('token_hash').primaryKey(),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  timedOutAt: timestamp('timed_out_at', { withTimezone: true }),
});

/** Every staff action: who, what, when, for which customer (decision 126). Written in the action's transaction. */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    customerUserId: integer('customer_user_id').references(() => users.id),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_audit_client_created_idx').on(t.clientId, t.createdAt),
    index('staff_audit_client_customer_idx').on(t.clientId, t.customerUserId, t.createdAt),
  ],
);

/**
 * A client's no-show and late-cancellation policy (docs/decisions/129-penalties.md); a client without a row has
 * none (packages/domain noPenaltyPolicy). Set by a manager through PUT /staff/penalty-policy.
 */
export const penaltyPolicies = pgTable('penalty_policies', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => clients.id),
  absentAction: text('absent_action').$type<'none' | 'fee' | 'strike'>().notNull(),
  lateCancellationAction: text('late_cancellation_action').$type<'none' | 'fee' | 'strike'>().notNull(),
  feeAmount: integer('fee_amount').notNull(),
  strikesToBlock: integer('strikes_to_block').notNull(),
  strikeWindowDays: integer('strike_window_days').notNull(),
  blockDays: integer('block_days').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a booking's no-show or late cancellation cost, at most one per booking and event (the primary key makes a
 * second absent mark a no-op): a fee (penaltyId names the penalties row the customer pays) or a strike. Removed when
 * staff correct an absent mark to attended, with its fee voided if still unpaid.
 */
export const bookingPenalties = pgTable(
  'booking_penalties',
  {
    bookingId: integer('booking_id').notNull(),
    event: text('event').$type<'absent' | 'late_cancellation'>().notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<'fee' | 'strike'>().notNull(),
    penaltyId: integer('penalty_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.event] }), index('booking_penalties_user_idx').on(t.clientId, t.userId, t.kind)],
);
