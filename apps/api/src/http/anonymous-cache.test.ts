import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBasket, dayOf, demo, openSpin, spinDay } from '../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TIMETABLE_CACHE_MS: '60000' } });
});
afterAll(() => t.close());

const url = (day = spinDay()) => `/api/activities/venue/harrogate/activity/spin/v2/timetable?date=${day}`;

describe('the anonymous timetable cache', () => {
  it('answers a repeated visitor request from the cache, with the same body', async () => {
    const first = await t.request({ method: 'GET', url: url() });
    const second = await t.request({ method: 'GET', url: url() });
    expect(first.headers['x-cache']).toBeUndefined();
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.headers['content-type']).toContain('application/json');
    expect(second.body).toBe(first.body);
  });

  it('never serves a logged-in customer from it', async () => {
    const as = await t.sessionFor(demo.email);
    await t.request({ method: 'GET', url: url() });
    const mine = await t.request({ method: 'GET', url: url(), as });
    expect(mine.headers['x-cache']).toBeUndefined();
  });

  it('is cleared by any change made through this process', async () => {
    const open = await openSpin(t);
    await t.request({ method: 'GET', url: url(dayOf(open)) });
    expect((await t.request({ method: 'GET', url: url(dayOf(open)) })).headers['x-cache']).toBe('hit');
    await addToBasket(t, await t.sessionFor(demo.email), open.id);
    const after = await t.request({ method: 'GET', url: url(dayOf(open)) });
    expect(after.headers['x-cache']).toBeUndefined();
    const seen = dataOf(after).find((o: { id: string }) => o.id === open.id);
    expect(seen.capacity.available).toBe(open.capacity.available - 1);
  });

  it('keeps clients apart', async () => {
    await t.request({ method: 'GET', url: url() });
    const river = await t.request({ method: 'GET', url: url(), headers: { 'client-domain-identifier': 'riverside' } });
    expect(river.statusCode).toBe(404);
  });
});

describe('with the cache turned off', () => {
  it('answers every request afresh', async () => {
    const off = await createTestApp({ env: { TIMETABLE_CACHE_MS: '0' } });
    try {
      await off.request({ method: 'GET', url: url() });
      expect((await off.request({ method: 'GET', url: url() })).headers['x-cache']).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});
