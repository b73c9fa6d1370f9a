import { readFile } from 'node:fs/promises';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
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
    // Until A accepts, B learns nothing about A: only what B typed (fault 5).
    expect(link).toMatchObject({ status: 'pending', direction: 'owner', referenced_user: { id: 0, name: demo.email }, confirmed_at: null });
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
    // Accepted: now B sees who A is.
    expect(dataOf(await get(`/api/my-account/linked-users/${link.id}`, b)).referenced_user).toEqual({ id: aId, name: 'Alex Morgan' });
    expect((await get(`/api/my-account/details?selected_user_id=${aId}`, b)).statusCode).toBe(200);
    // The link is one way: A cannot act for B.
    expect((await get(`/api/my-account/details?selected_user_id=${bId}`, a)).statusCode).toBe(404);
    // A revokes; B loses the right at once.
    const revoked = await t.request({ method: 'DELETE', url: `/api/my-account/linked-users/${link.id}`, as: a });
    expect(dataOf(revoked).status).toBe('revoked');
    expect((await get(`/api/my-account/details?selected_user_id=${aId}`, b)).statusCode).toBe(404);
  });

  it('validates a link request: relationship, self', async () => {
    const post = (payload: Json) => t.request({ method: 'POST', url: '/api/my-account/linked-users', as: b, payload });
    expect((await post({ email_or_reference: demo.email, relationship: 'cousin' })).json().errors.relationship).toBeDefined();
    expect(
      (await post({ email_or_reference: 'member1@example.invalid', relationship: 'sibling' })).json().errors.email_or_reference,
    ).toEqual(['You cannot link your own account.']);
    expect((await t.request({ method: 'GET', url: '/api/my-account/linked-users/0', as: b })).statusCode).toBe(422);
  });
});

describe('a link request discloses nothing about the other person (fault 5)', () => {
  const ask = (as: string, emailOrReference: string) =>
    t.request({
      method: 'POST',
      url: '/api/my-account/linked-users',
      as,
      payload: { email_or_reference: emailOrReference, relationship: 'sibling' },
    });
  /** The answer with what differs between any two requests (the link's own id and time) taken out. */
  const shape = (res: { statusCode: number; json: () => Json }) => {
    const { id, created_at, ...rest } = res.json().data;
    expect(id).toBeGreaterThan(0);
    expect(Date.parse(created_at)).not.toBeNaN();
    return { status: res.statusCode, message: res.json().message, ...rest };
  };

  it('answers a real and a made-up reference (and email, and a staff account) identically', async () => {
    const realReference: string = dataOf(await get('/api/my-account/details', a)).reference;
    const fakeReference = `${realReference.slice(0, 2)}${'X'.repeat(realReference.length - 2)}`;
    const real = shape(await ask(b, realReference.toLowerCase()));
    const fake = shape(await ask(b, fakeReference.toLowerCase()));
    expect(real).toEqual({ ...fake, referenced_user: { id: 0, name: realReference } });
    expect(fake.referenced_user).toEqual({ id: 0, name: fakeReference });
    expect(JSON.stringify(real)).not.toMatch(/Alex|Morgan/);
    for (const email of ['nobody@example.com', staff.email]) {
      expect(shape(await ask(b, email))).toEqual({ ...fake, referenced_user: { id: 0, name: email } });
    }
    // The list shows both requests alike, pending and anonymous; asking twice is refused alike.
    const listed = dataOf(await get('/api/my-account/linked-users', b)).filter((l: Json) => l.status === 'pending');
    expect(listed.map((l: Json) => l.referenced_user)).toEqual(
      expect.arrayContaining([
        { id: 0, name: realReference },
        { id: 0, name: fakeReference },
      ]),
    );
    expect((await ask(b, realReference)).statusCode).toBe(409);
    expect((await ask(b, fakeReference)).statusCode).toBe(409);
  });

  it('issues references that are random, not sequential', async () => {
    const references: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/customer/register',
        payload: { first_name: 'Ref', last_name: `Test${i}`, email: `ref${i}@example.invalid`, password: 'a-long-pass-2026' },
      });
      expect(res.statusCode).toBe(201);
      references.push(dataOf(res).reference);
    }
    for (const r of references) expect(r).toMatch(/^NO[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{10}$/);
    expect(new Set(references).size).toBe(references.length);
    const demoReference: string = dataOf(await get('/api/my-account/details', a)).reference;
    expect(demoReference).toMatch(/^NO[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{10}$/);
  });

  it('re-issues the sequential references of an existing database (migration 0012)', async () => {
    const migration = await readFile(
      new URL('../../db/migrations/0012_private_references_and_customer_limits.sql', import.meta.url),
      'utf8',
    );
    const reissue = migration.split('--> statement-breakpoint').find((statement) => statement.includes('UPDATE "users"'));
    if (!reissue) throw new Error('no re-issue statement');
    const db = t.database.db;
    const ids = [aId, bId];
    await db
      .update(users)
      .set({ reference: sql`'NO' || lpad(${users.id}::text, 6, '0')` })
      .where(inArray(users.id, ids));
    await db.execute(sql.raw(reissue));
    const rows = await db.select({ reference: users.reference }).from(users).where(inArray(users.id, ids));
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.reference).toMatch(/^NO[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{10}$/);
    // One draw per user, not one for the statement.
    expect(new Set(rows.map((r) => r.reference)).size).toBe(rows.length);
  });
});
