import { boolean, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { bookings } from './cart';
import { categories } from './catalogue';
import { clients } from './tenancy';
import { schedules } from './timetable';
import { users } from './users';

/**
 * A cancellation policy (docs/decisions/100-cancellation-policy.md): the client's (category and schedule null), or an
 * override for one category or one schedule. The rules that read it are packages/domain cancellation-policy.ts.
 */
export const cancellationPolicies = pgTable(
  'cancellation_policies',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    categoryId: integer('category_id').references(() => categories.id),
    scheduleId: integer('schedule_id').references(() => schedules.id),
    /** Minutes before the start; 0 for no cut-off. Whole days count in the client's calendar. */
    cutOffMinutes: integer('cut_off_minutes').notNull().default(0),
    cutOffActions: text('cut_off_actions')
      .array()
      .$type<('charge_fee' | 'disable_booking' | 'disable_access' | 'disable_cancelling')[]>()
      .notNull()
      .default([]),
    feeAmount: integer('fee_amount').notNull().default(0),
    outcome: text('outcome').$type<'refund' | 'general_credit' | 'membership_credit' | 'none'>().notNull().default('none'),
  },
  (t) => [unique('cancellation_policies_level_key').on(t.clientId, t.categoryId, t.scheduleId).nullsNotDistinct()],
);

/**
 * What one cancellation did with the money, written in the same transaction as the booking's settled -> cancelled
 * change: its primary key is the booking, so a booking's money moves once however often the cancel is tried.
 */
export const bookingCancellations = pgTable(
  'booking_cancellations',
  {
    bookingId: integer('booking_id')
      .primaryKey()
      .references(() => bookings.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orderId: integer('order_id'),
    source: text('source').notNull(),
    inside: boolean('inside').notNull(),
    actions: text('actions').array().notNull().default([]),
    fee: integer('fee').notNull().default(0),
    /** A late cancellation that counts against the customer (disable_booking or disable_access), for staff to act on. */
    strike: boolean('strike').notNull().default(false),
    outcome: text('outcome').notNull(),
    cardRefund: integer('card_refund').notNull().default(0),
    /** The payment_refunds rows that carry the card refund out (checkout/refunds.ts). */
    refundIds: text('refund_ids').array().notNull().default([]),
    membershipCredit: integer('membership_credit').notNull().default(0),
    generalCredit: integer('general_credit').notNull().default(0),
    /** Paid by cash, cheque or voucher at the desk: to be given back there. */
    offSystem: integer('off_system').notNull().default(0),
    /** The fee not covered by what went back, owed as a penalty. */
    penaltyId: integer('penalty_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('booking_cancellations_order_idx').on(t.orderId), index('booking_cancellations_user_idx').on(t.userId)],
);
