import { type StaffRole, staffDefaults } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { staffDeskActivity, staffRoles, staffSettings } from '../../db/schema';
import { type AuthedCtx, authed, staff } from '../../http/context';
import type { SessionCache } from '../../http/session-cache';
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
 * Every staff check starts here (decision 125): 401 without a session, 403 for a customer or for staff holding none
 * of the allowed roles at this client. The desk's idle timeout was already applied to the session itself, on every
 * request (deskIdleCheck, from http/session.ts, decision 230), so a timed-out desk is refused on every route; a
 * staff check also counts as the desk's activity. The session itself is already bound to the client
 * (http/session.ts), so a session at one client is no session at another.
 */
export async function staffWith(req: FastifyRequest, allowed: readonly StaffRole[]): Promise<StaffCtx> {
  const c = staff(req);
  const roles = await rolesOf(c);
  if (!roles.some((r) => allowed.includes(r))) throw new AppError('forbidden');
  await recordDeskActivity(c);
  return { ...c, roles };
}

/**
 * The spec's staff calls (foh pay, the staff bookings list, booking and bundle updates; decision 167): the same role,
 * client and desk checks as the console's own routes, and the same activity (decision 230).
 */
export const staffRoleHere = (req: FastifyRequest, allowed: readonly StaffRole[] = anyStaffRole): Promise<StaffCtx> =>
  staffWith(req, allowed);

/**
 * For the spec's calls that customers and staff both make (a booking's read, cancel and attendance update, 3-D
 * Secure completion): a staff caller needs a role at this client (staffWith), a customer passes as themselves.
 */
export async function staffOrCustomer(req: FastifyRequest, allowed: readonly StaffRole[] = anyStaffRole): Promise<AuthedCtx> {
  if (req.user?.role === 'staff') return staffWith(req, allowed);
  return authed(req);
}

/**
 * Applied to every request that carries a staff session, whatever the route (http/session.ts; decision 230): a
 * session whose desk has been idle longer than the operator's setting is ended there (deleted, forgotten by this
 * process's cache, its row marked so another process's cached copy is refused too) and the request is answered 401
 * `desk_timed_out`. A staff session seen for the first time starts its clock now. Only staff checks (staffWith)
 * move the clock on, not merely using the session: the customer site's 5-second session check would otherwise keep
 * an abandoned desk alive forever.
 */
export async function deskIdleCheck(
  db: Db,
  cache: SessionCache,
  session: { tokenHash: string; clientId: number; userId: number },
  now: Date,
): Promise<void> {
  const [seen] = await db.select().from(staffDeskActivity).where(eq(staffDeskActivity.tokenHash, session.tokenHash));
  if (!seen) {
    await db
      .insert(staffDeskActivity)
      .values({ tokenHash: session.tokenHash, clientId: session.clientId, userId: session.userId, lastSeenAt: now })
      .onConflictDoNothing();
    return;
  }
  if (seen.timedOutAt) throw new AppError('desk_timed_out');
  const [setting] = await db
    .select({ minutes: staffSettings.deskIdleMinutes })
    .from(staffSettings)
    .where(eq(staffSettings.clientId, session.clientId));
  const idleMs = (setting?.minutes ?? staffDefaults.deskIdleMinutes) * 60_000;
  if (now.getTime() - seen.lastSeenAt.getTime() <= idleMs) return;
  await db.update(staffDeskActivity).set({ timedOutAt: now }).where(eq(staffDeskActivity.tokenHash, session.tokenHash));
  await deleteSession(db, session.tokenHash);
  cache.forgetSession(session.tokenHash);
  throw new AppError('desk_timed_out');
}

/** A staff check is the desk in use: its last activity moves on (written at most every ACTIVITY_WRITE_MS). */
async function recordDeskActivity(c: AuthedCtx): Promise<void> {
  const now = c.clock.now();
  const [seen] = await c.db
    .select({ lastSeenAt: staffDeskActivity.lastSeenAt })
    .from(staffDeskActivity)
    .where(eq(staffDeskActivity.tokenHash, c.user.tokenHash));
  if (seen && now.getTime() - seen.lastSeenAt.getTime() < ACTIVITY_WRITE_MS) return;
  await c.db
    .insert(staffDeskActivity)
    .values({ tokenHash: c.user.tokenHash, clientId: c.client.id, userId: c.user.id, lastSeenAt: now })
    .onConflictDoUpdate({ target: staffDeskActivity.tokenHash, set: { lastSeenAt: now } });
}
