import type { Conn } from '../../db/client';
import { staffAuditLog } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';

/** What staff did, in the words the audit log keeps (decision 126). */
export type AuditAction =
  | 'settings.updated'
  | 'customer.viewed'
  | 'customer.registered'
  | 'register.viewed'
  | 'attendance.marked'
  | 'walk_in.added'
  | 'booking.cancelled'
  | 'bookings.listed'
  | 'order.paid_at_desk'
  | 'penalty.waived'
  | 'strike.waived'
  | 'penalty_policy.updated'
  | 'till.created'
  | 'till.opened'
  | 'till.closed'
  | 'cancellation_policy.updated'
  | 'cancellation_policy.removed'
  | 'session.updated'
  | 'session.deleted'
  | 'basket.items_added'
  | 'basket.items_removed'
  | 'basket.item_updated'
  | 'basket.benefit_removed'
  | 'basket.credit_applied'
  | 'customer.details_updated';

/**
 * Writes one audit row: who (the staff user), what, when (the app's clock), for which customer, at this client.
 * Pass the action's transaction so the row lands exactly when the action does.
 */
export async function audit(
  c: AuthedCtx,
  action: AuditAction,
  customerUserId: number | null,
  details: Record<string, unknown> = {},
  db: Conn = c.db,
): Promise<void> {
  await db.insert(staffAuditLog).values({
    clientId: c.client.id,
    staffUserId: c.user.id,
    action,
    customerUserId,
    details,
    createdAt: c.clock.now(),
  });
}

/**
 * Staff changing a customer's own things (their basket, their details) through the spec's calls with
 * `selected_user_id`: one audit row for that customer, in the change's transaction (decision 236). A customer's own
 * change, or staff changing their own basket, writes none.
 */
export async function auditForCustomer(
  c: AuthedCtx,
  action: AuditAction,
  customerUserId: number,
  details: Record<string, unknown>,
  db: Conn,
): Promise<void> {
  if (c.user.role !== 'staff' || customerUserId === c.user.id) return;
  await audit(c, action, customerUserId, details, db);
}
