import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBasket, customersAAndB, demo, inDays, payForSpin, sessionsOf, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

let t: TestApp;
/** Customer A and customer B, as `customersAAndB` makes them. */
let a: string;
let b: string;
let aId: number;
let bId: number;
let samId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b, aId, bId } = await customersAAndB(t));
  samId = dataOf(await t.request({ method: 'GET', url: '/api/my-account/linked-users', as: a }))[0].referenced_user.id;
});
afterAll(() => t.close());

const buy = (as: string, selectedUserId?: number) => payForSpin(t, as, selectedUserId);
const get = (url: string, as: string) => t.request({ method: 'GET', url, as });

describe('linked users', () => {
  it('shows the demo customer their linked family member, and lets them act for Sam', async () => {
    const links = dataOf(await get('/api/my-account/linked-users', a));
    expect(links).toEqual([
      expect.objectContaining({
        status: 'successful',
        relationship: 'parent',
        direction: 'owner',
        referenced_user: { id: samId, name: 'Sam Morgan' },
      }),
    ]);
    expect(dataOf(await get(`/api/my-account/details?selected_user_id=${samId}`, a)).first_name).toBe('Sam');
    const sams = await buy(a, samId);
    expect(sams.status).toBe('success');
    const booked = dataOf(await get(`/api/my-account/bookings?selected_user_id=${samId}`, a));
    expect(booked.map((x: Json) => x.user_id)).toEqual(expect.arrayContaining([samId]));
  });

  it('lets a customer book for a linked user in their own basket (purchased_for_user_id), and nobody else', async () => {
    // A session Sam has not booked yet (the test above booked Sam on the first open one).
    let open: Json;
    for (let day = 4; !open && day <= 12; day++) {
      open = (await sessionsOf(t, 'spin', a, inDays(day))).find(
        (o: Json) => o.bookable_action.action === 'book' && o.capacity.available > 5,
      );
    }
    await t.request({ method: 'DELETE', url: '/api/checkout/cart', as: a });
    const ok = await addToBasket(t, a, open.id, { purchased_for_user_id: samId });
    expect(ok.statusCode).toBe(200);
    await t.request({ method: 'DELETE', url: '/api/checkout/cart', as: a });
    const refused = await addToBasket(t, a, open.id, { purchased_for_user_id: bId });
    expect(refused.statusCode).toBe(404);
    expect(dataOf(await get('/api/checkout/cart', a)).items).toHaveLength(0);
  });

  it('runs a link from request to accept to revoke; only an accepted link lets its owner act', async () => {
    const req = await t.request({
      method: 'POST',
      url: '/api/my-account/linked-users',
      as: b,
      payload: { email_or_reference: demo.email, relationship: 'partner' },
    });
    expect(req.statusCode).toBe(201);
    expect(req.json().message).toBe('Your request has been sent.');
    const link = dataOf(req);
    expect(link).toMatchObject({ status: 'pending', direction: 'owner', referenced_user: { id: aId }, confirmed_at: null });
    // Pending: B cannot act for A yet.
    expect((await get(`/api/my-account/details?selected_user_id=${aId}`, b)).statusCode).toBe(404);
    // B cannot accept their own request; asking twice is refused.
    expect((await t.request({ method: 'POST', url: `/api/my-account/linked-users/${link.id}/accept`, as: b })).statusCode).toBe(409);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/my-account/linked-users',
          as: b,
          payload: { email_or_reference: demo.email, relationship: 'partner' },
        })
      ).statusCode,
    ).toBe(409);
    // A sees it from their side and accepts.
    const seen = dataOf(await get(`/api/my-account/linked-users/${link.id}`, a));
    expect(seen).toMatchObject({ direction: 'referenced', status: 'pending', referenced_user: { id: bId } });
    const accepted = await t.request({ method: 'POST', url: `/api/my-account/linked-users/${link.id}/accept`, as: a });
    expect(dataOf(accepted)).toMatchObject({ status: 'successful', confirmed_at: expect.any(String) });
    expect((await get(`/api/my-account/details?selected_user_id=${aId}`, b)).statusCode).toBe(200);
    // The link is one way: A cannot act for B.
    expect((await get(`/api/my-account/details?selected_user_id=${bId}`, a)).statusCode).toBe(404);
    // A revokes; B loses the right at once.
    const revoked = await t.request({ method: 'DELETE', url: `/api/my-account/linked-users/${link.id}`, as: a });
    expect(dataOf(revoked).status).toBe('revoked');
    expect((await get(`/api/my-account/details?selected_user_id=${aId}`, b)).statusCode).toBe(404);
  });

  it('validates a link request: relationship, self, unknown person', async () => {
    const post = (payload: Json) => t.request({ method: 'POST', url: '/api/my-account/linked-users', as: b, payload });
    expect((await post({ email_or_reference: demo.email, relationship: 'cousin' })).json().errors.relationship).toBeDefined();
    expect(
      (await post({ email_or_reference: 'member1@example.invalid', relationship: 'sibling' })).json().errors.email_or_reference,
    ).toEqual(['You cannot link your own account.']);
    const unknown = await post({ email_or_reference: 'nobody@example.com', relationship: 'sibling' });
    expect(unknown.statusCode).toBe(422);
    expect((await post({ email_or_reference: staff.email, relationship: 'employee' })).statusCode).toBe(422);
    expect((await t.request({ method: 'GET', url: '/api/my-account/linked-users/0', as: b })).statusCode).toBe(422);
  });
});
