import {
  type AuditEntry,
  type CustomerHit,
  ourMessages,
  type StaffCustomerRecord,
  type StaffMe,
  type StaffRegisterBody,
  type StaffSettings,
  type StaffSettingsBody,
  type WaivePenaltyBody,
} from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { bookingPenalties, penalties, staffSettings, users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, notFound } from '../../lib/errors';
import { newCustomerReference } from '../../lib/ids';
import { inTransaction } from '../../lib/transaction';
import { bookingsOf, membershipsOf, packagesOf } from '../accounts/queries';
import { toCustomer } from '../auth/service';
import { audit } from './audit';
import { deskIdleMinutes, type StaffCtx } from './guard';
import { auditPage, findCustomer, ledgerOf, linksOf, penaltiesOf, searchCustomers, strikesOf, waiversOf } from './queries';

/** A password hash no password matches: a customer registered at the desk logs in after setting one by email. */
const NO_PASSWORD = '!';

export async function me(c: StaffCtx): Promise<StaffMe> {
  const [u] = await c.db.select().from(users).where(eq(users.id, c.user.id));
  if (!u) throw notFound();
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    roles: c.roles,
    client: { id: c.client.id, identifier: c.client.identifier, name: c.client.name },
    desk_idle_minutes: await deskIdleMinutes(c),
  };
}

export async function settings(c: StaffCtx): Promise<StaffSettings> {
  return { desk_idle_minutes: await deskIdleMinutes(c) };
}

export async function updateSettings(c: StaffCtx, body: StaffSettingsBody): Promise<StaffSettings> {
  const before = await deskIdleMinutes(c);
  await inTransaction(c.db, async (tx) => {
    await tx
      .insert(staffSettings)
      .values({ clientId: c.client.id, deskIdleMinutes: body.desk_idle_minutes, updatedAt: c.clock.now() })
      .onConflictDoUpdate({ target: staffSettings.clientId, set: { deskIdleMinutes: body.desk_idle_minutes, updatedAt: c.clock.now() } });
    await audit(c, 'settings.updated', null, { desk_idle_minutes: { from: before, to: body.desk_idle_minutes } }, tx);
  });
  return { desk_idle_minutes: body.desk_idle_minutes };
}

export async function auditLog(c: StaffCtx, customerId: number | undefined, page: number, perPage: number): Promise<AuditEntry[]> {
  const rows = await auditPage(c.db, c.client.id, customerId, page, perPage);
  return rows.map((r) => ({
    id: r.entry.id,
    action: r.entry.action,
    staff: { id: r.entry.staffUserId, name: `${r.staffFirst} ${r.staffLast}` },
    customer:
      r.customerId === null
        ? null
        : { id: r.customerId, name: `${r.customerFirst} ${r.customerLast}`, reference: r.customerReference ?? '' },
    details: r.entry.details,
    created_at: r.entry.createdAt.toISOString(),
  }));
}

/** As-you-type search: not audited per keystroke (it shows no more than a name list); opening a record is. */
export async function findCustomers(c: StaffCtx, q: string, limit: number): Promise<CustomerHit[]> {
  const rows = await searchCustomers(c.db, c.client.id, q, limit);
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
    phone: r.phone,
    barcode: r.barcode,
    date_of_birth: r.dateOfBirth,
  }));
}

export async function customerRecord(c: StaffCtx, customerId: number): Promise<StaffCustomerRecord> {
  const u = await findCustomer(c.db, c.client.id, customerId);
  if (!u) throw notFound();
  const now = c.clock.now();
  const [ledger, owed, links, waivers, held, packs, past, strikes] = await Promise.all([
    ledgerOf(c.db, c.client.id, u.id),
    penaltiesOf(c.db, c.client.id, u.id),
    linksOf(c.db, c.client.id, u.id),
    waiversOf(c.db, c.client.id, u.id),
    // The same reads as the customer's own My account (one way to read each), for the desk (decision 238).
    membershipsOf(c.db, c.client.id, u.id),
    packagesOf(c.db, c.client.id, u.id),
    bookingsOf(c.db, c.client.id, u.id, 'past', now, 1, 20),
    strikesOf(c.db, c.client.id, u.id),
  ]);
  await audit(c, 'customer.viewed', u.id);
  return {
    customer: { ...toCustomer(u), barcode: u.barcode },
    credit: {
      // The balance counts what has not expired, as checkout spends it.
      balance: ledger.filter((l) => !l.expiresAt || l.expiresAt > now).reduce((n, l) => n + l.amount, 0),
      ledger: ledger.map((l) => ({ amount: l.amount, kind: l.kind, reason: l.reason, created_at: l.createdAt.toISOString() })),
    },
    penalties: owed.map((p) => ({
      id: p.id,
      reason: p.reason,
      amount: p.amount,
      status: p.status,
      booking_id: p.bookingId,
      created_at: p.createdAt.toISOString(),
    })),
    has_outstanding_penalties: owed.some((p) => p.status === 'outstanding'),
    linked_users: links.map((l) => ({
      id: l.other.id,
      first_name: l.other.firstName,
      last_name: l.other.lastName,
      reference: l.other.reference,
      relation: l.relation,
      status: l.link.status,
    })),
    waivers: waivers.map((w) => ({ restriction_id: w.restrictionId, name: w.name, agreed_at: w.agreedAt.toISOString() })),
    memberships: held.map(({ membership: m, plan }) => ({
      id: m.id,
      name: plan.name,
      status: m.status,
      starts_at: m.startsAt.toISOString(),
      ends_at: m.endsAt?.toISOString() ?? null,
    })),
    packages: packs.map(({ pkg, plan }) => ({
      id: pkg.id,
      name: plan.name,
      uses_remaining: pkg.usesRemaining,
      expires_at: pkg.expiresAt.toISOString(),
    })),
    past_bookings: past.rows.map((r) => ({
      id: r.booking.id,
      name: r.name,
      venue: r.venueName,
      starts_at: r.startsAt.toISOString(),
      status: r.booking.status === 'cancelled' ? 'cancelled' : 'settled',
      attended: r.booking.attended ?? null,
    })),
    strikes: strikes.map((s) => ({ booking_id: s.bookingId, event: s.event, created_at: s.createdAt.toISOString() })),
  };
}

/**
 * Waives a strike (a no-show's or a late cancellation's) with a reason: the strike is removed, so it no longer counts
 * towards blocking online booking, conditional on it still being there (404 otherwise), and the audit row written in
 * the same transaction keeps what it was and why (decision 238).
 */
export async function waiveStrike(
  c: StaffCtx,
  customerId: number,
  bookingId: number,
  event: 'absent' | 'late_cancellation',
  body: WaivePenaltyBody,
): Promise<StaffCustomerRecord> {
  await inTransaction(c.db, async (tx) => {
    const [gone] = await tx
      .delete(bookingPenalties)
      .where(
        and(
          eq(bookingPenalties.clientId, c.client.id),
          eq(bookingPenalties.userId, customerId),
          eq(bookingPenalties.bookingId, bookingId),
          eq(bookingPenalties.event, event),
          eq(bookingPenalties.kind, 'strike'),
        ),
      )
      .returning();
    if (!gone) throw notFound();
    await audit(
      c,
      'strike.waived',
      customerId,
      { booking_id: bookingId, event, struck_at: gone.createdAt.toISOString(), reason: body.reason },
      tx,
    );
  });
  c.sessions.forgetUserState(customerId);
  return customerRecord(c, customerId);
}

/** A customer registered at the desk: source foh, no password (they set one by the reset email), audited. */
export async function registerCustomer(c: StaffCtx, body: StaffRegisterBody): Promise<StaffCustomerRecord['customer']> {
  try {
    const created = await inTransaction(c.db, async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({
          clientId: c.client.id,
          reference: newCustomerReference(c.client.identifier),
          email: body.email,
          passwordHash: NO_PASSWORD,
          firstName: body.first_name,
          lastName: body.last_name,
          phone: body.phone || null,
          dateOfBirth: body.date_of_birth ?? null,
          source: 'foh',
          onboardingType: 'customer_account_foh',
          createdAt: c.clock.now(),
        })
        .returning();
      if (!u) throw new AppError('internal');
      await audit(c, 'customer.registered', u.id, {}, tx);
      return u;
    });
    return { ...toCustomer(created), barcode: created.barcode };
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('email_taken', { fieldErrors: { email: [ourMessages.emailTaken] } });
    throw err;
  }
}

/**
 * Waives a customer's outstanding penalty, conditional on it still being outstanding (a penalty paid meanwhile is
 * not waived: 409), with the reason in the audit row written in the same transaction.
 */
export async function waivePenalty(
  c: StaffCtx,
  customerId: number,
  penaltyId: number,
  body: WaivePenaltyBody,
): Promise<StaffCustomerRecord> {
  await inTransaction(c.db, async (tx) => {
    const [row] = await tx
      .select({ id: penalties.id, status: penalties.status, amount: penalties.amount })
      .from(penalties)
      .where(and(eq(penalties.id, penaltyId), eq(penalties.clientId, c.client.id), eq(penalties.userId, customerId)));
    if (!row) throw notFound();
    const done = await tx
      .update(penalties)
      .set({ status: 'waived' })
      .where(and(eq(penalties.id, penaltyId), eq(penalties.status, 'outstanding')))
      .returning({ id: penalties.id });
    if (done.length === 0) throw new AppError('penalty_not_outstanding');
    await audit(c, 'penalty.waived', customerId, { penalty_id: penaltyId, amount: row.amount, reason: body.reason }, tx);
  });
  // The customer's session check shows has_outstanding_penalties: this process forgets what it remembered of them.
  c.sessions.forgetUserState(customerId);
  return customerRecord(c, customerId);
}
