import { linkAllowsActing } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { linkedUsers, staffRoles } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { AppError } from '../../lib/errors';
import { findCustomer } from '../staff/queries';

/**
 * Whose basket, bookings and account a call acts on. selected_user_id (or an item's purchased_for_user_id) may name:
 * the caller; for staff, any customer (role customer) of their client, never another staff account; for a customer, a user they hold an accepted ('successful')
 * link to. Anyone else is answered 404, exactly as a user that does not exist, so ids cannot be probed.
 */
export async function actingUserId(c: AuthedCtx, selectedUserId: number | undefined | null, db: Conn = c.db): Promise<number> {
  if (selectedUserId === undefined || selectedUserId === null || selectedUserId === c.user.id) return c.user.id;
  if (c.user.role === 'staff') {
    // Acting for a customer is a staff action: only with a role at this client (decision 125), whatever the route.
    const [role] = await db
      .select({ role: staffRoles.role })
      .from(staffRoles)
      .where(and(eq(staffRoles.clientId, c.client.id), eq(staffRoles.userId, c.user.id)))
      .limit(1);
    if (!role) throw new AppError('forbidden');
    // Only a customer of this client: never another staff account (a desk must not book, pay or cancel as a
    // colleague), nor anyone of another client (decision 231).
    const customer = await findCustomer(db, c.client.id, selectedUserId);
    if (!customer) throw new AppError('not_found');
    return customer.id;
  }
  const [link] = await db
    .select({ id: linkedUsers.referencedUserId, status: linkedUsers.status })
    .from(linkedUsers)
    .where(and(eq(linkedUsers.clientId, c.client.id), eq(linkedUsers.userId, c.user.id), eq(linkedUsers.referencedUserId, selectedUserId)))
    .limit(1);
  if (!link?.id || !linkAllowsActing(link.status)) throw new AppError('not_found');
  return link.id;
}
