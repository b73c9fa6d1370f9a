import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './tenancy';
import { users } from './users';

/**
 * Failed logins, per account (the email tried) and per address (the caller's IP), kept in the database so the limit
 * holds across every API process. Rows older than the window are ignored and pruned as new ones arrive.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    scope: text('scope').$type<'account' | 'address'>().notNull(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_failures_key_idx').on(t.clientId, t.scope, t.key, t.createdAt)],
);

/** A password-reset link: only the SHA-256 of its token is stored; it expires and works once. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Email that was not sent by SMTP (none configured): kept here, and listed by a development-only call. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** The HTML part (null for email written before templates). */
    html: text('html'),
    /** What the email is (notifications/kinds.ts), so tests and staff can find it. */
    kind: text('kind'),
    /** Files sent with it (the booking's .ics), as they would be attached. */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    /**
     * The queued email's dedupe key: written with ON CONFLICT DO NOTHING, so an email job that runs again after a
     * crash (between writing here and being marked done) adds nothing (decision 105).
     */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('outbox_emails_client_idx').on(t.clientId, t.createdAt),
    uniqueIndex('outbox_emails_dedupe_idx').on(t.clientId, t.dedupeKey),
  ],
);

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * A customer's private calendar feed: only the SHA-256 of the secret in its URL is stored, so a leaked database does
 * not give anyone the feeds; resetting writes a new hash and the old URL stops working (decision 108).
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  secretHash: text('secret_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
