import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancellationPolicies, categories, schedules, staffAuditLog, staffRoles, users } from '../../db/schema';
import { freshSession, type Json, northfieldShop, type Shop } from '../../test/checkout-flow';
import { addToBasket, customersAAndB, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { payBasket } from '../../test/programme-fixtures';

/**
 * Issue 11's audit, item 1: the operator sets the cancellation policy (decision 192). Managers and administrators of
 * the client read, set and remove it for the client and per category and schedule; it is validated (422 with field
 * errors, nothing changed), scoped to the client (another client's ids are not found), audited, and applies to the
 * next cancellation info a customer reads.
 */
let t: TestApp;
let shop: Shop;
let manager: string;
let a: string;
let northfield: number;

const base = '/api/staff/cancellation-policies';
const refundWithFee = { cut_off_minutes: 720, cut_off_actions: ['charge_fee'], fee_amount: 200, outcome: 'refund' };
const demoPolicy = { cut_off_minutes: 1440, cut_off_actions: ['disable_cancelling'], fee_amount: 0, outcome: 'general_credit' };

beforeAll(async () => {
  t = await createTestApp();
  shop = await northfieldShop(t.database.db);
  northfield = shop.clientId;
  ({ a } = await customersAAndB(t));
  // The demo's desk user is front desk only; here they are made a manager too.
  const [u] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, northfield), eq(users.email, staff.email)));
  await t.database.db.insert(staffRoles).values({ clientId: northfield, userId: u!.id, role: 'manager' });
  manager = await t.sessionFor(staff.email);
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  as: string | undefined,
  payload?: Json,
  headers: Record<string, string> = {},
) => t.request({ method, url, headers, ...(as ? { as } : {}), ...(payload ? { payload } : {}) });
const auditRows = async (action: string) =>
  t.database.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.clientId, northfield), eq(staffAuditLog.action, action)));
const rowsHere = () => t.database.db.select().from(cancellationPolicies).where(eq(cancellationPolicies.clientId, northfield));

describe('the cancellation policy, set by managers', () => {
  it("reads the client's policy (Northfield's demo: credit up to a day before, no cancelling after) and no overrides", async () => {
    expect(dataOf(await call('GET', base, manager))).toEqual({ client: demoPolicy, categories: [], schedules: [] });
  });

  it('sets a schedule override, audited, and the next cancellation info a customer reads follows it; removing it restores the client policy', async () => {
    const occurrenceId = await freshSession(t.database.db, shop, 5);
    await t.request({ method: 'DELETE', url: '/api/checkout/cart', as: a });
    expect((await addToBasket(t, a, occurrenceId)).statusCode).toBe(200);
    const { complete } = await payBasket(t, a);
    expect(complete.statusCode, complete.body).toBe(200);
    const infoOf = async () =>
      dataOf(await call('GET', '/api/my-account/bookings?when=upcoming', a)).find((b: Json) => b.occurrence_id === occurrenceId)
        .cancellation;
    expect(await infoOf()).toMatchObject({ awards_credit: true, awards_credit_message: 'Cancel and receive £6.50 credit' });

    const set = await call('PUT', `${base}/schedules/${shop.scheduleId}`, manager, refundWithFee);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().message).toBe('Cancellation policy saved.');
    expect(dataOf(set).schedules).toEqual([
      { schedule: { id: shop.scheduleId, name: 'Spin', venue: expect.any(String) }, policy: refundWithFee },
    ]);
    expect(await infoOf()).toMatchObject({
      awards_credit: false,
      awards_credit_message: 'Cancel and receive a £6.50 refund',
      cut_off_actions: ['charge_fee'],
      cut_off_message: expect.stringMatching(/^Cancel before .* to avoid a £2\.00 fee$/),
    });
    const [updated] = (await auditRows('cancellation_policy.updated')).filter((r) => (r.details as Json).schedule_id === shop.scheduleId);
    expect(updated?.details).toEqual({ level: 'schedule', category_id: null, schedule_id: shop.scheduleId, from: null, to: refundWithFee });
    // Set again: replaced whole, one row, the audit saying what it was.
    const again = { ...refundWithFee, fee_amount: 300 };
    expect((await call('PUT', `${base}/schedules/${shop.scheduleId}`, manager, again)).statusCode).toBe(200);
    expect((await rowsHere()).filter((r) => r.scheduleId === shop.scheduleId)).toHaveLength(1);
    expect((await auditRows('cancellation_policy.updated')).at(-1)?.details).toMatchObject({ from: refundWithFee, to: again });

    const removed = await call('DELETE', `${base}/schedules/${shop.scheduleId}`, manager);
    expect(removed.statusCode).toBe(200);
    expect(dataOf(removed).schedules).toEqual([]);
    expect((await auditRows('cancellation_policy.removed')).at(-1)?.details).toMatchObject({ level: 'schedule', from: again });
    expect(await infoOf()).toMatchObject({ awards_credit: true, awards_credit_message: 'Cancel and receive £6.50 credit' });
    // Nothing left to remove.
    expect((await call('DELETE', `${base}/schedules/${shop.scheduleId}`, manager)).statusCode).toBe(404);
  });

  it('sets and removes a category override and the client policy', async () => {
    const noCutOff = { cut_off_minutes: 0, cut_off_actions: [], fee_amount: 0, outcome: 'membership_credit' };
    const cat = await call('PUT', `${base}/categories/${shop.categoryId}`, manager, noCutOff);
    expect(cat.statusCode, cat.body).toBe(200);
    expect(dataOf(cat).categories).toEqual([{ category: { id: shop.categoryId, name: expect.any(String) }, policy: noCutOff }]);
    expect((await call('DELETE', `${base}/categories/${shop.categoryId}`, manager)).statusCode).toBe(200);

    const client = await call('PUT', `${base}/client`, manager, refundWithFee);
    expect(dataOf(client).client).toEqual(refundWithFee);
    const gone = await call('DELETE', `${base}/client`, manager);
    expect(dataOf(gone)).toEqual({ client: null, categories: [], schedules: [] });
    expect((await call('DELETE', `${base}/client`, manager)).statusCode).toBe(404);
    // Back as the demo had it, for the other tests.
    expect((await call('PUT', `${base}/client`, manager, demoPolicy)).statusCode).toBe(200);
  });

  it('refuses a policy whose parts would never act with 422 and field errors, and changes nothing', async () => {
    const before = await rowsHere();
    const audited = (await auditRows('cancellation_policy.updated')).length;
    const cases: [Json, Record<string, string[]>][] = [
      [{ ...refundWithFee, fee_amount: 0 }, { fee_amount: ['Set the fee a cancellation inside the cut-off costs.'] }],
      [
        { ...refundWithFee, cut_off_minutes: 0 },
        { cut_off_minutes: ['Set how long before the start the cut-off falls, or choose no actions.'] },
      ],
      [
        { ...refundWithFee, cut_off_actions: [], fee_amount: 0 },
        { cut_off_actions: ['Choose what happens to a cancellation inside the cut-off, or set no cut-off.'] },
      ],
      [{ ...demoPolicy, fee_amount: 100 }, { fee_amount: ['A fee is charged only with the charge_fee action.'] }],
      [{ ...demoPolicy, cut_off_actions: ['disable_cancelling', 'disable_cancelling'] }, { cut_off_actions: ['List each action once.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await call('PUT', `${base}/schedules/${shop.scheduleId}`, manager, body);
      expect([res.statusCode, res.json().errors]).toEqual([422, errors]);
    }
    // And what the schema bounds: out of range, unknown names, missing fields.
    for (const body of [
      { ...demoPolicy, cut_off_minutes: -1 },
      { ...demoPolicy, cut_off_minutes: 43_201 },
      { ...demoPolicy, outcome: 'cash' },
      { ...demoPolicy, cut_off_actions: ['ban'] },
      { ...demoPolicy, fee_amount: 1.5 },
      { cut_off_minutes: 60 },
    ]) {
      const res = await call('PUT', `${base}/client`, manager, body);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors ?? {}).length).toBeGreaterThan(0);
    }
    expect(await rowsHere()).toEqual(before);
    expect((await auditRows('cancellation_policy.updated')).length).toBe(audited);
  });

  it("answers 404 for another client's category or schedule (and unknown ids), and 422 for a group category", async () => {
    const riverside = await t.clientId('riverside');
    const theirs = () => t.database.db.select().from(cancellationPolicies).where(eq(cancellationPolicies.clientId, riverside));
    const theirsBefore = await theirs();
    const [theirSchedule] = await t.database.db.select({ id: schedules.id }).from(schedules).where(eq(schedules.clientId, riverside));
    const [theirCategory] = await t.database.db.select({ id: categories.id }).from(categories).where(eq(categories.clientId, riverside));
    for (const url of [
      `${base}/schedules/${theirSchedule!.id}`,
      `${base}/categories/${theirCategory!.id}`,
      `${base}/schedules/99999999`,
      `${base}/categories/99999999`,
    ]) {
      expect([url, (await call('PUT', url, manager, refundWithFee)).statusCode]).toEqual([url, 404]);
      expect([url, (await call('DELETE', url, manager)).statusCode]).toEqual([url, 404]);
    }
    const [group] = await t.database.db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.clientId, northfield), isNull(categories.bookingType)));
    // 'Fitness classes' holds Spin and Yoga; its sessions carry those categories, so a policy on it would never apply.
    const res = await call('PUT', `${base}/categories/${group!.id}`, manager, refundWithFee);
    expect([res.statusCode, res.json().errors]).toEqual([
      422,
      { category_id: ["Choose an activity's category: a group holds no sessions of its own."] },
    ]);
    expect(await theirs()).toEqual(theirsBefore);
    expect((await rowsHere()).filter((r) => r.categoryId !== null || r.scheduleId !== null)).toEqual([]);
  });
});
