import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { AppError } from '../../lib/errors';

/**
 * Whose basket and bookings a call acts on. selected_user_id lets staff act for a customer of their client;
 * a customer may only name themselves (linked users extend this).
 */
export async function actingUserId(c: AuthedCtx, selectedUserId: number | undefined): Promise<number> {
  if (selectedUserId === undefined || selectedUserId === c.user.id) return c.user.id;
  if (c.user.role !== 'staff') throw new AppError('forbidden');
  const [row] = await c.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, selectedUserId), eq(users.clientId, c.client.id)))
    .limit(1);
  if (!row) throw new AppError('not_found');
  return row.id;
}
