import {
  type accountBooking,
  type accountGuestPass,
  type accountMembership,
  type accountPackage,
  type accountPayment,
  type Customer,
  type DetailsUpdateBody,
  type ListMeta,
  toMoney,
  toZonedDateTime,
  type z,
} from '@app/contracts';
import { listMeta } from '@app/domain';
import type { AuthedCtx } from '../../http/context';
import { notFound } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { actingUserId } from '../auth/acting-for';
import { toCustomer } from '../auth/service';
import { cancellationOf } from '../booking-bundles/records';
import { type PolicyLookup, policiesOf } from '../cancellations/policy';
import { cancelWithPolicy } from '../cancellations/service';
import { addressLine } from '../notifications/brand';
import { audit, auditForCustomer } from '../staff/audit';
import { bookingsOf, findBooking, findUser, guestPassesOf, membershipsOf, ordersOf, packagesOf, updateUser } from './queries';

/**
 * My account: the caller's own account, or (selected_user_id) a linked user's or, for staff, a customer's. Whose
 * account it is comes from actingUserId, which answers 404 for anyone else.
 */

export async function details(c: AuthedCtx, selectedUserId?: number): Promise<Customer> {
  const userId = await actingUserId(c, selectedUserId);
  const user = await findUser(c.db, c.client.id, userId);
  if (!user) throw notFound();
  return toCustomer(user);
}

export async function updateDetails(c: AuthedCtx, selectedUserId: number | undefined, body: DetailsUpdateBody): Promise<Customer> {
  const userId = await actingUserId(c, selectedUserId);
  const values: Parameters<typeof updateUser>[3] = {};
  if (body.first_name !== undefined) values.firstName = body.first_name;
  if (body.last_name !== undefined) values.lastName = body.last_name;
  if (body.title !== undefined) values.title = body.title || null;
  if (body.gender !== undefined) values.gender = body.gender || null;
  if (body.ethnicity !== undefined) values.ethnicity = body.ethnicity || null;
  if (body.disability !== undefined) values.disability = body.disability || null;
  if (body.phone !== undefined) values.phone = body.phone || null;
  if (body.address !== undefined) values.address = body.address;
  if (body.date_of_birth !== undefined) values.dateOfBirth = body.date_of_birth;
  if (body.marketing_email !== undefined) values.marketingEmail = body.marketing_email;
  if (body.marketing_sms !== undefined) values.marketingSms = body.marketing_sms;
  if (body.marketing_phone !== undefined) values.marketingPhone = body.marketing_phone;
  if (body.marketing_post !== undefined) values.marketingPost = body.marketing_post;
  const changed = Object.keys(values);
  const user =
    changed.length > 0
      ? await inTransaction(c.db, async (tx) => {
          const updated = await updateUser(tx, c.client.id, userId, values);
          // Staff changing a customer's details: which fields, not their values (decision 236).
          if (updated) await auditForCustomer(c, 'customer.details_updated', userId, { fields: changed }, tx);
          return updated;
        })
      : await findUser(c.db, c.client.id, userId);
  if (!user) throw notFound();
  return toCustomer(user);
}

export async function membershipList(c: AuthedCtx, selectedUserId?: number): Promise<z.infer<typeof accountMembership>[]> {
  const userId = await actingUserId(c, selectedUserId);
  const rows = await membershipsOf(c.db, c.client.id, userId);
  return rows.map(({ membership: m, plan, homeVenue }) => ({
    id: m.id,
    name: plan.name,
    status: m.status,
    price: toMoney(plan.price, c.client.currency),
    billing_period: plan.billingPeriod,
    home_venue: homeVenue,
    starts_at: m.startsAt.toISOString(),
    ends_at: m.endsAt?.toISOString() ?? null,
  }));
}

export async function packageList(c: AuthedCtx, selectedUserId?: number): Promise<z.infer<typeof accountPackage>[]> {
  const userId = await actingUserId(c, selectedUserId);
  const rows = await packagesOf(c.db, c.client.id, userId);
  return rows.map(({ pkg, plan }) => ({
    id: pkg.id,
    name: plan.name,
    uses: plan.uses,
    uses_remaining: pkg.usesRemaining,
    expires_at: pkg.expiresAt.toISOString(),
    created_at: pkg.createdAt.toISOString(),
  }));
}

/** Guest passes exist only where the client enables online guest passes; elsewhere the page does not exist (404). */
export async function guestPassList(c: AuthedCtx, selectedUserId?: number): Promise<z.infer<typeof accountGuestPass>[]> {
  if (!c.client.features.onlineGuestPassesEnabled) throw notFound();
  const userId = await actingUserId(c, selectedUserId);
  const rows = await guestPassesOf(c.db, c.client.id, userId);
  return rows.map((p) => ({ id: p.id, guest_name: p.guestName, status: p.status, valid_until: p.validUntil.toISOString() }));
}

type BookingRow = NonNullable<Awaited<ReturnType<typeof findBooking>>>;

function toAccountBooking(c: AuthedCtx, row: BookingRow, policies: PolicyLookup): z.infer<typeof accountBooking> {
  const b = row.booking;
  const tz = c.client.timezone;
  const cur = c.client.currency;
  const cancellation = cancellationOf(
    c,
    [{ status: b.status, startsAt: row.startsAt, price: b.price, categoryId: row.categoryId, scheduleId: row.scheduleId }],
    policies,
  );
  const r = row.cancelled;
  return {
    id: b.id,
    user_id: b.userId,
    occurrence_id: b.occurrenceId,
    order_id: b.orderId,
    name: row.name,
    status: b.status,
    starts_at: toZonedDateTime(row.startsAt, tz),
    ends_at: toZonedDateTime(row.endsAt, tz),
    venue: { slug: row.venueSlug, name: row.venueName, address: addressLine(row.venueAddress) },
    location_name: row.friendlyLocationName,
    price: b.status === 'reserved' || b.price === null ? null : toMoney(b.price, cur),
    can_cancel: cancellation.can_cancel,
    cancellation,
    refunded: r
      ? {
          card: toMoney(r.cardRefund, cur),
          credit: toMoney(r.membershipCredit + r.generalCredit, cur),
          off_system: toMoney(r.offSystem, cur),
          fee: toMoney(r.fee, cur),
        }
      : null,
    created_at: b.createdAt.toISOString(),
  };
}

export async function bookingList(
  c: AuthedCtx,
  query: { selected_user_id?: number; when: 'upcoming' | 'past'; page: number; per_page: number },
): Promise<{ data: z.infer<typeof accountBooking>[]; meta: ListMeta }> {
  const userId = await actingUserId(c, query.selected_user_id);
  const now = c.clock.now();
  const [{ rows, total }, policies] = await Promise.all([
    bookingsOf(c.db, c.client.id, userId, query.when, now, query.page, query.per_page),
    policiesOf(c.db, c.client.id),
  ]);
  return { data: rows.map((r) => toAccountBooking(c, r, policies)), meta: listMeta(total, query.page, query.per_page) };
}

/**
 * Cancels a paid booking of the account (or a linked user's) by its cancellation policy: places given back, money
 * or credit returned (modules/cancellations). Someone else's booking is a 404, never a 403, so booking ids cannot be
 * probed.
 */
export async function cancelBooking(c: AuthedCtx, bookingId: number, selectedUserId?: number): Promise<z.infer<typeof accountBooking>> {
  const userId = await actingUserId(c, selectedUserId);
  const found = await findBooking(c.db, c.client.id, bookingId);
  if (!found || (found.booking.userId !== userId && c.user.role !== 'staff')) throw notFound();
  const source = c.user.role === 'staff' ? 'foh' : 'my-account';
  await cancelWithPolicy(c, [bookingId], source, {
    // Staff cancelling for a customer is audited in the cancelling transaction (decision 167).
    inTx: async (tx, [o]) => {
      if (c.user.role === 'staff' && o?.status === 'cancelled')
        await audit(c, 'booking.cancelled', found.booking.userId, { booking_id: bookingId, source, fee: o.fee, credit: o.credit }, tx);
    },
  });
  const after = await findBooking(c.db, c.client.id, bookingId);
  if (!after) throw notFound();
  return toAccountBooking(c, after, await policiesOf(c.db, c.client.id));
}

export async function paymentList(
  c: AuthedCtx,
  query: { selected_user_id?: number; page: number; per_page: number },
): Promise<{ data: z.infer<typeof accountPayment>[]; meta: ListMeta }> {
  const userId = await actingUserId(c, query.selected_user_id);
  const { rows, total } = await ordersOf(c.db, c.client.id, userId, query.page, query.per_page);
  const data = rows.map(({ order: o, count }) => ({
    id: o.id,
    cart_source: o.cartSource,
    status: o.status,
    source: o.source,
    total: toMoney(o.total, o.currency),
    count: Number(count),
    balance: toMoney(o.balance, o.currency),
    refund_status: o.refundStatus,
    created_at: o.createdAt.toISOString(),
  }));
  return { data, meta: listMeta(total, query.page, query.per_page) };
}
