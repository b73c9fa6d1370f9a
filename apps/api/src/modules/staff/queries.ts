import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Conn } from '../../db/client';
import {
  bookingPenalties,
  creditLedger,
  linkedUsers,
  penalties,
  restrictions,
  staffAuditLog,
  users,
  waiverAgreements,
} from '../../db/schema';

/** A LIKE prefix pattern for text typed at the desk: its own %, _ and \ match themselves. */
export const prefixPattern = (text: string): string => `${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * The desk's customer search (decision 127). Each way of matching is its own arm: a range scan of one
 * users_search_* expression index (client first, then a lower(...) prefix) read in that index's own order
 * (`USING ~<~`, the text_pattern_ops order) and stopped after `limit` rows, so a short prefix matching thousands of
 * customers reads no more than the rows it shows. The arms' ids are then sorted by name. Two words also try first
 * name and surname ("alex mor"); a phone number is matched on its digits, however it was typed.
 */
export async function searchCustomers(db: Conn, clientId: number, q: string, limit: number) {
  const text = q.trim().toLowerCase();
  const p = prefixPattern(text);
  const arm = (where: SQL, order: SQL) =>
    sql`(select ${users.id} from ${users} where ${users.clientId} = ${clientId} and ${users.role} = 'customer' and ${where}
      order by ${order} using ~<~ limit ${limit})`;
  const lastName = sql`lower(${users.lastName})`;
  const firstName = sql`lower(${users.firstName})`;
  const arms: SQL[] = [
    arm(sql`${lastName} like ${p}`, lastName),
    arm(sql`${firstName} like ${p}`, firstName),
    arm(sql`lower(${users.email}) like ${p}`, sql`lower(${users.email})`),
    arm(sql`lower(${users.reference}) like ${p}`, sql`lower(${users.reference})`),
    sql`(select ${users.id} from ${users} where ${users.clientId} = ${clientId} and ${users.role} = 'customer'
      and ${users.barcode} = ${q.trim()} limit ${limit})`,
  ];
  const digits = text.replace(/[^0-9]/g, '');
  // Three digits at least, and only what looks like a phone number, so "12" or a reference is not a phone.
  if (digits.length >= 3 && /^[0-9+\s()-]+$/.test(text)) {
    const phone = sql`regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g')`;
    arms.push(arm(sql`${phone} like ${prefixPattern(digits)}`, phone));
  }
  const words = text.split(/\s+/);
  if (words.length === 2) {
    arms.push(
      arm(sql`${lastName} like ${prefixPattern(words[1] as string)} and ${firstName} like ${prefixPattern(words[0] as string)}`, lastName),
    );
  }
  return db
    .select({
      id: users.id,
      reference: users.reference,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      barcode: users.barcode,
      dateOfBirth: users.dateOfBirth,
    })
    .from(users)
    .where(and(eq(users.clientId, clientId), sql`${users.id} in (${sql.join(arms, sql` union `)})`))
    .orderBy(asc(lastName), asc(firstName), asc(users.id))
    .limit(limit);
}

export async function findCustomer(db: Conn, clientId: number, userId: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.id, userId), eq(users.role, 'customer')))
    .limit(1);
  return row;
}

export const ledgerOf = (db: Conn, clientId: number, userId: number) =>
  db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.clientId, clientId), eq(creditLedger.userId, userId)))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(100);

export const penaltiesOf = (db: Conn, clientId: number, userId: number) =>
  db
    .select()
    .from(penalties)
    .where(and(eq(penalties.clientId, clientId), eq(penalties.userId, userId)))
    .orderBy(desc(penalties.createdAt), desc(penalties.id));

/** Links either way: the people this customer may book for, and those who may book for them. */
export async function linksOf(db: Conn, clientId: number, userId: number) {
  const other = alias(users, 'other');
  const to = await db
    .select({ link: linkedUsers, other })
    .from(linkedUsers)
    .innerJoin(other, eq(other.id, linkedUsers.referencedUserId))
    .where(and(eq(linkedUsers.clientId, clientId), eq(linkedUsers.userId, userId), isNotNull(linkedUsers.referencedUserId)));
  const from = await db
    .select({ link: linkedUsers, other })
    .from(linkedUsers)
    .innerJoin(other, eq(other.id, linkedUsers.userId))
    .where(and(eq(linkedUsers.clientId, clientId), eq(linkedUsers.referencedUserId, userId)));
  return [...to.map((r) => ({ ...r, relation: 'linked_to' as const })), ...from.map((r) => ({ ...r, relation: 'linked_from' as const }))];
}

/** The latest agreement per waiver (older rows are history, decision 081). */
export async function waiversOf(db: Conn, clientId: number, userId: number) {
  const rows = await db
    .select({ restrictionId: waiverAgreements.restrictionId, name: restrictions.name, agreedAt: waiverAgreements.agreedAt })
    .from(waiverAgreements)
    .innerJoin(restrictions, eq(restrictions.id, waiverAgreements.restrictionId))
    .where(and(eq(waiverAgreements.clientId, clientId), eq(waiverAgreements.userId, userId)))
    .orderBy(desc(waiverAgreements.agreedAt));
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.restrictionId) && seen.add(r.restrictionId));
}

export async function auditPage(db: Conn, clientId: number, customerId: number | undefined, page: number, perPage: number) {
  const staffUser = alias(users, 'staff_user');
  const customer = alias(users, 'customer');
  const where = and(eq(staffAuditLog.clientId, clientId), customerId ? eq(staffAuditLog.customerUserId, customerId) : undefined);
  const rows = await db
    .select({
      entry: staffAuditLog,
      staffFirst: staffUser.firstName,
      staffLast: staffUser.lastName,
      customerId: customer.id,
      customerFirst: customer.firstName,
      customerLast: customer.lastName,
      customerReference: customer.reference,
    })
    .from(staffAuditLog)
    .innerJoin(staffUser, eq(staffUser.id, staffAuditLog.staffUserId))
    .leftJoin(customer, eq(customer.id, staffAuditLog.customerUserId))
    .where(where)
    .orderBy(desc(staffAuditLog.createdAt), desc(staffAuditLog.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return rows;
}

/** The latest agreement per waiver for each of several people (a register's attendees), in one query. */
export async function waiversOfMany(db: Conn, clientId: number, userIds: number[]) {
  const out = new Map<number, { restrictionId: number; name: string; agreedAt: Date }[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({
      userId: waiverAgreements.userId,
      restrictionId: waiverAgreements.restrictionId,
      name: restrictions.name,
      agreedAt: waiverAgreements.agreedAt,
    })
    .from(waiverAgreements)
    .innerJoin(restrictions, eq(restrictions.id, waiverAgreements.restrictionId))
    .where(and(eq(waiverAgreements.clientId, clientId), inArray(waiverAgreements.userId, userIds)))
    .orderBy(desc(waiverAgreements.agreedAt));
  for (const r of rows) {
    const list = out.get(r.userId) ?? [];
    if (!list.some((w) => w.restrictionId === r.restrictionId)) list.push(r);
    out.set(r.userId, list);
  }
  return out;
}

/** A customer's strikes (no-shows and late cancellations the policy struck), newest first. */
export const strikesOf = (db: Conn, clientId: number, userId: number) =>
  db
    .select()
    .from(bookingPenalties)
    .where(and(eq(bookingPenalties.clientId, clientId), eq(bookingPenalties.userId, userId), eq(bookingPenalties.kind, 'strike')))
    .orderBy(desc(bookingPenalties.createdAt), desc(bookingPenalties.bookingId));
