import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { penalties, sessions, staffAuditLog, staffRoles, users } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { soldOutSpin, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

const clock = new ManualClock();
let t: TestApp;
let desk: string;
let spin: Json;

/** A desk session that outlives the clock jump to the class's start (see registers.test.ts). */
async function newDesk(): Promise<string> {
  const as = await t.sessionFor(staff.email);
  await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() + 30 * 86_400_000) });
  return as;
}

const policy = {
  absent_action: 'fee',
  late_cancellation_action: 'none',
  fee_amount: 750,
  strikes_to_block: 0,
  strike_window_days: 0,
  block_days: 0,
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  const [s] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, staff.email));
  await t.database.db.insert(staffRoles).values({ clientId: await t.clientId('northfield'), userId: s?.id as number, role: 'manager' });
  desk = await newDesk();
  spin = await soldOutSpin(t);
});
afterAll(() => t.close());

const get = (url: string, as = desk) => t.request({ method: 'GET', url, as });
const mark = (booking_ids: number[], status: string) =>
  t.request({
    method: 'POST',
    url: `/api/staff/registers/${encodeURIComponent(spin.id)}/attendance`,
    as: desk,
    payload: { booking_ids, status },
  });

describe('staff console: no-show penalties', () => {
  it("starts from the demo's no-show fee, and a manager sets the policy (validated, audited)", async () => {
    expect(dataOf(await get('/api/staff/penalty-policy'))).toMatchObject({
      absent_action: 'fee',
      fee_amount: 500,
      late_cancellation_action: 'none',
    });
    const bad = await t.request({
      method: 'PUT',
      url: '/api/staff/penalty-policy',
      as: desk,
      payload: { ...policy, absent_action: 'jail' },
    });
    expect(bad.statusCode).toBe(422);
    const ok = await t.request({ method: 'PUT', url: '/api/staff/penalty-policy', as: desk, payload: policy });
    expect(ok.statusCode).toBe(200);
    expect(dataOf(await get('/api/staff/penalty-policy'))).toEqual(policy);
    const rows = await t.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, 'penalty_policy.updated'));
    expect(rows).toHaveLength(1);
  });

  it('an absent mark after the start makes one fee penalty however often it is made, shown to the customer; attended voids it', async () => {
    const view = dataOf(await get(`/api/staff/registers/${encodeURIComponent(spin.id)}`));
    const [first] = view.attendees;
    const [u] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, first.user.id));
    const customer = await t.sessionFor(u?.email as string);
    clock.set(new Date(new Date(view.session.starts_at).getTime() + 5 * 60_000));
    desk = await newDesk();
    expect((await mark([first.booking_id], 'absent')).statusCode).toBe(200);
    expect((await mark([first.booking_id], 'absent')).statusCode).toBe(200);
    const owed = await t.database.db
      .select()
      .from(penalties)
      .where(and(eq(penalties.userId, first.user.id), eq(penalties.bookingId, first.booking_id)));
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ amount: 750, status: 'outstanding', reason: 'No-show' });

    expect(dataOf(await get('/api/auth/user', customer)).has_outstanding_penalties).toBe(true);

    expect((await mark([first.booking_id], 'attended')).statusCode).toBe(200);
    const [after] = await t.database.db
      .select()
      .from(penalties)
      .where(eq(penalties.id, owed[0]?.id as number));
    expect(after?.status).toBe('waived');
    expect(dataOf(await get('/api/auth/user', customer)).has_outstanding_penalties).toBe(false);

    // Marked absent again after the correction: a fresh penalty, still only one outstanding.
    expect((await mark([first.booking_id], 'absent')).statusCode).toBe(200);
    const again = await t.database.db
      .select()
      .from(penalties)
      .where(and(eq(penalties.bookingId, first.booking_id), eq(penalties.status, 'outstanding')));
    expect(again).toHaveLength(1);
  });
});
