import { authUser, cart, category, envelope, occurrence } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addToBasket, demo, inDays, openSpin, staff } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { fastSerializerOf } from './fast-serializer';

// Decision 117: the hot routes' answers are written by fast-json-stringify from JSON Schema generated from the zod
// contracts. Here every such answer the demo gives is compared with what zod's encoding writes for the same value
// (what the routes answered before), as JSON values.
const handed = new Map<string, unknown>();
const keepHanded = (app: FastifyInstance) =>
  app.addHook('preSerialization', async (req, _reply, payload) => {
    handed.set(req.url, structuredClone(payload));
    return payload;
  });
let t: TestApp;
// The same app with the day shared between visitors and customers for a minute (decision 296), so its answers are
// the views and the whole answers kept with a shared day.
let shared: TestApp;
beforeAll(async () => {
  // No visitor cache: every request reaches its handler, whose value is kept here before it is written out.
  t = await createTestApp({ env: { TIMETABLE_CACHE_MS: '0' }, beforeReady: keepHanded });
  shared = await createTestApp({ env: { TIMETABLE_CACHE_MS: '60000' }, beforeReady: keepHanded });
});
afterAll(async () => {
  await t.close();
  await shared.close();
});

const schemas = {
  user: envelope(authUser),
  basket: envelope(cart),
  day: envelope(z.array(occurrence)),
  categories: envelope(z.array(category)),
};

/** The route's body against zod's encoding of the value its handler answered. */
async function expectSameAsZod(url: string, schema: z.ZodType, as?: string, app = t): Promise<unknown> {
  const res = await app.request({ method: 'GET', url, ...(as ? { as } : {}) });
  expect(res.statusCode, url).toBe(200);
  const value = handed.get(url);
  expect(value, url).toBeDefined();
  // The same JSON value: every field, value and array order alike (key order inside an object is not meaningful,
  // and zod keeps the handler's order where fast-json-stringify keeps the contract's).
  expect(JSON.parse(res.body), url).toStrictEqual(JSON.parse(JSON.stringify(z.encode(schema, value))));
  return res.json();
}

describe('answers written by fast-json-stringify', () => {
  it('are what zod wrote: the session check, for a customer, a member and staff', async () => {
    for (const email of [demo.email, 'member1@example.invalid', staff.email]) {
      await expectSameAsZod('/api/auth/user', schemas.user, await t.sessionFor(email));
    }
  });

  it.each([
    ['read for each answer', () => t],
    ['shared by visitors and customers', () => shared],
  ])('are what zod wrote: day timetables of classes, courts and swims, for visitors, customers and staff (%s)', async (_, app) => {
    const customer = await app().sessionFor(demo.email);
    const desk = await app().sessionFor(staff.email);
    let sessions = 0;
    for (const day of [0, 1, 2, 3, 5]) {
      for (const activity of ['spin', 'badminton', 'public-swim', 'yoga']) {
        const url = `/api/activities/venue/harrogate/activity/${activity}/v2/timetable?date=${inDays(day)}`;
        // The customer twice: on a shared day, the second answer is the one kept whole.
        for (const as of [undefined, customer, customer, desk]) {
          handed.delete(url);
          const body = (await expectSameAsZod(url, schemas.day, as, app())) as { data: unknown[] };
          sessions += body.data.length;
        }
      }
    }
    // Enough real rows that the comparison means something.
    expect(sessions).toBeGreaterThan(100);
  });

  it('are what zod wrote: a basket, empty and with classes in it', async () => {
    const as = await t.sessionFor(demo.email);
    await expectSameAsZod('/api/checkout/cart', schemas.basket, as);
    const spin = await openSpin(t, as);
    expect((await addToBasket(t, as, spin.id)).statusCode).toBe(200);
    handed.delete('/api/checkout/cart');
    const body = (await expectSameAsZod('/api/checkout/cart', schemas.basket, as)) as { data: { items: unknown[] } };
    expect(body.data.items.length).toBeGreaterThan(0);
  });

  it("are what zod wrote: a venue's categories", async () => {
    await expectSameAsZod('/api/activities/venue/harrogate/categories', schemas.categories);
  });

  it('write null for a nullable object, never `{}`', () => {
    const write = fastSerializerOf(z.object({ a: z.object({ b: z.number() }).nullable(), c: z.string().nullable() }));
    expect(write({ a: null, c: null })).toBe('{"a":null,"c":null}');
    expect(write({ a: { b: 1 }, c: 'x' })).toBe('{"a":{"b":1},"c":"x"}');
  });
});
