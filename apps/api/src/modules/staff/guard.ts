import { type StaffRole, staffDefaults } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { staffDeskActivity, staffRoles, staffSettings } from '../../db/schema';
import { type AuthedCtx, authed, staff } from '../../http/context';
import { AppError } from '../../lib/errors';
import { deleteSession } from '../auth/queries';

/** A staff member at their client, with the roles they hold there. */
export interface StaffCtx extends AuthedCtx {
  roles: StaffRole[];
}

export const anyStaffRole: readonly StaffRole[] = ['front_desk', 'manager', 'administrator'];
export const managers: readonly StaffRole[] = ['manager', 'administrator'];

/**
 * How often a desk's last activity is written: reads within this of the last write do not write again. The idle
 * timeout is in minutes, so being up to this late is invisible.
 */
const ACTIVITY_WRITE_MS = 15_000;

/** The roles a staff user holds at this client; none at a client they were never given a role at. */
export async function rolesOf(c: AuthedCtx): Promise<StaffRole[]> {
  const rows = await c.db
    .select({ role: staffRoles.role })
    .from(staffRoles)
    .where(and(eq(staffRoles.clientId, c.client.id), eq(staffRoles.userId, c.user.id)));
  return rows.map((r) => r.role);
}

export async function deskIdleMinutes(c: AuthedCtx): Promise<number> {
  const [row] = await c.db
    .select({ minutes: staffSettings.deskIdleMinutes })
    .from(staffSettings)
    .where(eq(staffSettings.clientId, c.client.id));
  return row?.minutes ?? staffDefaults.deskIdleMinutes;
}

/**
 * Every staff console route starts here (decision 125): 401 without a session, 403 for a customer or for staff
 * holding none of the allowed roles at this client, and 401 once the desk has been idle longer than the operator's
 * setting (the session is ended then, and that token is refused on staff routes from then on). The session itself
 * is already bound to the client (http/session.ts), so a session at one client is no session at another.
 */
export async function staffWith(
  req: FastifyRequest,
  allowed: readonly StaffRole[],
  opts: { deskActivity?: boolean } = {},
): Promise<StaffCtx> {
  const c = staff(req);
  const roles = await rolesOf(c);
  if (!roles.some((r) => allowed.includes(r))) throw new AppError('forbidden');
  if (opts.deskActivity !== false) await touchDesk(c);
  return { ...c, roles };
}

/**
 * The spec's staff calls (foh pay, the staff bookings list, booking and bundle updates; decision 167): the same role
 * and client check, but not desk activity. Only the console's own routes count towards the idle timeout (decision
 * 125); a desk that timed out has lost its session anyway, so these calls are refused with it.
 */
export const staffRoleHere = (req: FastifyRequest, allowed: readonly StaffRole[] = anyStaffRole): Promise<StaffCtx> =>
  staffWith(req, allowed, { deskActivity: false });

/**
 * For the spec's calls that customers and staff both make (a booking's read, cancel and attendance update): a staff
 * caller needs a role at this client (staffRoleHere), a customer passes as themselves.
 */
export async function staffOrCustomer(req: FastifyRequest, allowed: readonly StaffRole[] = anyStaffRole): Promise<AuthedCtx> {
  if (req.user?.role === 'staff') return staffRoleHere(req, allowed);
  return authed(req);
}

async function touchDesk(c: AuthedCtx): Promise<void> {
  const now = c.clock.now();
  const [seen] = await c.db.select().from(staffDeskActivity).where(eq(staffDeskActivity.tokenHash, c.user.tokenHash));
  if (seen?.timedOutAt) throw new AppError('desk_timed_out');
  if (seen) {
    const idleMs = (await deskIdleMinutes(c)) * 60_000;
    if (now.getTime() - seen.lastSeenAt.getTime() > idleMs) {
      await c.db.update(staffDeskActivity).set({ timedOutAt: now }).where(eq(staffDeskActivity.tokenHash, c.user.tokenHash));
      await deleteSession(c.db, c.user.tokenHash);
      c.sessions.forgetSession(c.user.tokenHash);
      throw new AppError('desk_timed_out');
    }
    if (now.getTime() - seen.lastSeenAt.getTime() < ACTIVITY_WRITE_MS) return;
  }
  await c.db
    .insert(staffDeskActivity)
    .values({ tokenHash: c.user.tokenHash, clientId: c.client.id, userId: c.user.id, lastSeenAt: now })
    .onConflictDoUpdate({ target: staffDeskActivity.tokenHash, set: { lastSeenAt: now } });
}
