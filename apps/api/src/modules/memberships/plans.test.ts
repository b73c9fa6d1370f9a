import { statusMessages } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, membershipPlans } from '../../db/schema';
import { demo, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

let t: TestApp;
let riverside: number;
let northfield: number;

beforeAll(async () => {
  t = await createTestApp();
  riverside = await t.clientId('riverside');
  northfield = await t.clientId('northfield');
});
afterAll(() => t.close());

/** The pricing page's call as a visitor of a client sends it (no session). */
const plansOf = (client: string) =>
  t.request({ method: 'GET', url: '/api/online-joining/plans', headers: { 'client-domain-identifier': client } });

const idsSoldOnline = async (clientId: number) =>
  (
    await t.database.db
      .select({ id: membershipPlans.id })
      .from(membershipPlans)
      .where(and(eq(membershipPlans.clientId, clientId), eq(membershipPlans.onlineJoining, true)))
  ).map((r) => r.id);

async function setOnlineJoining(identifier: string, on: boolean) {
  await t.database.db.update(clients).set({ onlineJoiningEnabled: on }).where(eq(clients.identifier, identifier));
  t.app.deps.cache.clear('client:');
}

describe('GET /api/online-joining/plans', () => {
  it('tells a member which plan is theirs, and that the others would change it (issue 13, defect 14)', async () => {
    await setOnlineJoining('northfield', true);
    try {
      const as = await t.sessionFor(demo.email);
      const plans = dataOf(await t.request({ method: 'GET', url: '/api/online-joining/plans', as }));
      const held = Object.fromEntries(plans.map((p: { name: string; held: string | null }) => [p.name, p.held]));
      expect(held['Off-peak monthly']).toBe('this_plan');
      expect(Object.values(held).filter((h) => h === 'this_plan')).toHaveLength(1);
      expect(Object.values(held).every((h) => h === 'this_plan' || h === 'another_plan')).toBe(true);
      const visitor = dataOf(await plansOf('northfield'));
      expect(visitor.every((p: { held: string | null }) => p.held === null)).toBe(true);
    } finally {
      await setOnlineJoining('northfield', false);
    }
  });

  it("lists riverside's plans to a visitor, cheapest first, with prices in the app's money shape", async () => {
    const res = await plansOf('riverside');
    expect(res.statusCode).toBe(200);
    const plans = dataOf(res);
    expect(plans.map((p: { name: string }) => p.name)).toEqual(['Monthly Flex', 'Annual Gold']);
    expect(plans[0]).toEqual({
      id: expect.any(Number),
      name: 'Monthly Flex',
      description: expect.stringContaining('membership credit'),
      price: { value: 3000, formatted: '£30.00', currency: 'GBP' },
      billing_period: 'monthly',
      held: null,
    });
    expect(plans[1]).toMatchObject({ price: { value: 30000, formatted: '£300.00' }, billing_period: 'annual' });
  });

  it('leaves out plans that are not sold online, and keeps price order as plans are added', async () => {
    await t.database.db.insert(membershipPlans).values([
      { clientId: riverside, name: 'Staff rate', price: 1000, billingPeriod: 'monthly', onlineJoining: false },
      { clientId: riverside, name: 'Junior', description: null, price: 1500, billingPeriod: 'monthly' },
    ]);
    const plans = dataOf(await plansOf('riverside'));
    expect(plans.map((p: { name: string }) => p.name)).toEqual(['Junior', 'Monthly Flex', 'Annual Gold']);
    expect(plans[0].description).toBeNull();
  });

  it('is 404 where the client has no online joining (northfield in the demo): its pricing page does not exist', async () => {
    const res = await plansOf('northfield');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(statusMessages[404]);
  });

  it("never shows one client's plans to another", async () => {
    await setOnlineJoining('northfield', true);
    try {
      await t.database.db
        .insert(membershipPlans)
        .values({ clientId: northfield, name: 'Northfield founders', price: 500, billingPeriod: 'monthly' });
      const seenAtRiverside = dataOf(await plansOf('riverside')).map((p: { id: number }) => p.id);
      const seenAtNorthfield = dataOf(await plansOf('northfield')).map((p: { id: number }) => p.id);
      expect(seenAtRiverside.sort()).toEqual((await idsSoldOnline(riverside)).sort());
      expect(seenAtNorthfield.sort()).toEqual((await idsSoldOnline(northfield)).sort());
      expect(seenAtRiverside.some((id: number) => seenAtNorthfield.includes(id))).toBe(false);
    } finally {
      await setOnlineJoining('northfield', false);
    }
  });

  it('answers during planned maintenance as the venues call does; the theme call is what answers 503', async () => {
    const staffAs = await t.sessionFor(staff.email, 'riverside');
    const maintenance = (on: boolean) =>
      t.request({
        method: 'PUT',
        url: '/api/client/maintenance',
        as: staffAs,
        headers: { 'client-domain-identifier': 'riverside' },
        payload: { maintenance: on },
      });
    expect((await maintenance(true)).statusCode).toBe(200);
    try {
      const theme = await t.request({ method: 'GET', url: '/api/frontend/theme', headers: { 'client-domain-identifier': 'riverside' } });
      const venues = await t.request({
        method: 'GET',
        url: '/api/activities/venues',
        headers: { 'client-domain-identifier': 'riverside' },
      });
      expect(theme.statusCode).toBe(503);
      expect((await plansOf('riverside')).statusCode).toBe(venues.statusCode);
    } finally {
      await maintenance(false);
    }
  });

  it('gives ids the basket takes as a new membership', async () => {
    const [flex] = dataOf(await plansOf('riverside')).filter((p: { name: string }) => p.name === 'Monthly Flex');
    const customer = await t.sessionFor(demo.email, 'riverside');
    const res = await t.request({
      method: 'POST',
      url: '/api/checkout/cart/add',
      as: customer,
      headers: { 'client-domain-identifier': 'riverside' },
      payload: { items: [{ id: flex.id, type: 'membership' }] },
    });
    expect(res.statusCode).toBe(200);
    expect(dataOf(res).items).toEqual([
      expect.objectContaining({ kind: 'membership', name: 'Monthly Flex', price: expect.objectContaining({ value: 3000 }) }),
    ]);
  });
});
