import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, staff } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { redactUrl } from './logging';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  // Every request is logged at info, with its URL: what a production log holds.
  t = await createTestApp({ logLevel: 'info', logStream: { write: (line) => void lines.push(line) } });
}, 240_000);
afterAll(() => t.close());

/** The URLs the request log kept for requests sent while `send` ran. */
async function loggedUrls(send: () => Promise<unknown>): Promise<string[]> {
  const from = lines.length;
  await send();
  return lines
    .slice(from)
    .map((line) => JSON.parse(line) as { req?: { url?: string } })
    .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
}

const secret = 'Zq7xK2mP9vL4nR8tW1yB5cD3fG6hJ0kA';

describe("each request's log lines (decision 303)", () => {
  it("carry that request's own id, bound as Fastify binds it, beside the app's bindings", async () => {
    const from = lines.length;
    await t.app.inject({ method: 'GET', url: '/api/client' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    const entries = lines.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);
    const ids = entries.map((e) => e.reqId);
    expect(entries.map((e) => e.msg)).toEqual(['incoming request', 'request completed', 'incoming request', 'request completed']);
    expect(ids.every((id) => typeof id === 'string' && /^req-\w+$/.test(id))).toBe(true);
    expect(new Set(ids.slice(0, 2)).size).toBe(1);
    expect(new Set(ids.slice(2)).size).toBe(1);
    expect(ids[0]).not.toBe(ids[2]);
    // The key order of a line is pino's: level, time, the bindings, then the line's own fields.
    for (const [i, entry] of entries.entries()) {
      expect(Object.keys(entry).slice(0, 5), String(i)).toEqual(['level', 'time', 'pid', 'hostname', 'reqId']);
    }
    expect(entries[1]).toMatchObject({ res: { statusCode: 200 }, responseTime: expect.any(Number) });
    expect(entries[3]).toMatchObject({ res: { statusCode: 404 } });
  });

  it("leave out a route's requests below its own level (the card form's post logs at warn)", async () => {
    const from = lines.length;
    const res = await t.app.inject({ method: 'POST', url: '/sandbox-provider/v1/card-identifiers', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(lines.slice(from)).toEqual([]);
  });
});

describe('the request log keeps no secret and no personal data from a URL (issue 9)', () => {
  it("redacts a reset link's token, a login token being exchanged and a payment's 3-D Secure result", async () => {
    const urls = await loggedUrls(async () => {
      await t.app.inject({ method: 'GET', url: `/reset-password?token=${secret}` });
      await t.app.inject({ method: 'GET', url: `/account/bookings?token=${secret}&embedded=true` });
      await t.app.inject({ method: 'GET', url: `/basket/checkout?transaction_uuid=4b1d&cres=${secret}&ps=${secret}` });
    });
    expect(urls).toEqual([
      '/reset-password?token=[Redacted]',
      '/account/bookings?token=[Redacted]&embedded=true',
      '/basket/checkout?transaction_uuid=4b1d&cres=[Redacted]&ps=[Redacted]',
    ]);
    expect(lines.join('')).not.toContain(secret);
  });

  it("redacts a calendar feed's secret and a waitlist offer's token in the path", async () => {
    const as = await t.sessionFor(demo.email);
    const urls = await loggedUrls(async () => {
      await t.request({ method: 'GET', url: `/api/calendar-feeds/${secret}.ics` });
      await t.request({ method: 'GET', url: `/api/waitlist-offers/${secret}`, as });
      await t.request({ method: 'POST', url: `/api/waitlist-offers/${secret}/accept`, as, payload: {} });
      await t.app.inject({ method: 'GET', url: `/waitlist-offer/${secret}` });
    });
    expect(urls).toEqual([
      '/api/calendar-feeds/[Redacted]',
      '/api/waitlist-offers/[Redacted]',
      '/api/waitlist-offers/[Redacted]/accept',
      '/waitlist-offer/[Redacted]',
    ]);
    expect(lines.join('')).not.toContain(secret);
  });

  it('redacts a search for a person, and keeps ids, dates and pages', async () => {
    const as = await t.sessionFor(staff.email);
    const urls = await loggedUrls(async () => {
      await t.request({ method: 'GET', url: '/api/staff/customers?q=Alex%20Morgan&limit=5', as });
      await t.request({ method: 'GET', url: '/api/activities/venues/search?postcode=HG1%201AA&search=home&lat=54.0&lng=-1.5&radius=5' });
      await t.request({ method: 'GET', url: '/api/activities/venue/harrogate/activity/spin/timetable?date=2026-12-01&source=online' });
    });
    expect(urls).toEqual([
      '/api/staff/customers?q=[Redacted]&limit=5',
      '/api/activities/venues/search?postcode=[Redacted]&search=[Redacted]&lat=[Redacted]&lng=[Redacted]&radius=5',
      '/api/activities/venue/harrogate/activity/spin/timetable?date=2026-12-01&source=online',
    ]);
    expect(lines.join('')).not.toMatch(/Alex|HG1/);
  });

  it('redacts whatever a query parameter is called, unless it is known to be harmless', () => {
    expect(redactUrl('/x?access_token=abc&token%5B%5D=def&venue_ids[]=3&a=1&secret')).toBe(
      '/x?access_token=[Redacted]&token%5B%5D=[Redacted]&venue_ids[]=3&a=[Redacted]&[Redacted]',
    );
    expect(redactUrl('//api//Calendar-Feeds/abc.ics')).toBe('//api//Calendar-Feeds/[Redacted]');
  });
});
