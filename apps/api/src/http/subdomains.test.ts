import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../db/schema';
import { settleBackground } from '../lib/background';
import { demo } from '../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../test/harness';
import { parentDomain, parseSubdomains } from './subdomains';

const split = { bookings: 'bookings', account: 'myaccount' };

describe('SUBDOMAINS', () => {
  it('is two labels, bookings first; unset or empty is one origin', () => {
    expect(parseSubdomains('bookings,myaccount')).toEqual(split);
    expect(parseSubdomains(' Bookings , MyAccount ')).toEqual(split);
    expect(parseSubdomains(undefined)).toBeNull();
    expect(parseSubdomains('')).toBeNull();
  });

  it('refuses anything else rather than guess', () => {
    for (const bad of ['bookings', 'a,b,c', 'same,same', 'bookings,my.account', 'bookings,-x']) {
      expect(() => parseSubdomains(bad)).toThrow(/SUBDOMAINS/);
    }
  });
});

describe('the parent domain of a host', () => {
  it('is the host minus its first label, for either sub-domain', () => {
    expect(parentDomain('bookings.northfield.example', split)).toBe('northfield.example');
    expect(parentDomain('myaccount.northfield.example', split)).toBe('northfield.example');
    expect(parentDomain('bookings.northfield.localhost:5173', split)).toBe('northfield.localhost');
    expect(parentDomain('MyAccount.Riverside.localhost', split)).toBe('riverside.localhost');
  });

  it('is none for other hosts, and always without the split', () => {
    for (const host of ['www.northfield.example', 'northfield.localhost', 'localhost', '127.0.0.1', 'bookings', 'bookings.']) {
      expect(parentDomain(host, split)).toBeNull();
    }
    expect(parentDomain('bookings.northfield.example', null)).toBeNull();
  });
});

const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0] as string;

/** Logs the demo customer in through the token exchange on `host`, as the app shell does. */
async function logIn(t: TestApp, host: string) {
  const token = (await t.sessionFor(demo.email)).split('=')[1] as string;
  return t.app.inject({ method: 'POST', url: '/api/auth/token', headers: { host }, payload: { token } });
}

describe('with the sub-domain split', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SUBDOMAINS: 'bookings,myaccount' } });
  });
  afterAll(() => t.close());

  const client = (host: string) => t.app.inject({ method: 'GET', url: '/api/client', headers: { host } });

  it("resolves the client from the host's parent domain, and tells the app both origins of this request", async () => {
    const riverside = dataOf(await client('bookings.riverside.localhost:4173'));
    expect(riverside.identifier).toBe('riverside');
    expect(riverside.bookings_url).toBe('http://bookings.riverside.localhost:4173');
    expect(riverside.account_url).toBe('http://myaccount.riverside.localhost:4173');
    const northfield = dataOf(await client('myaccount.northfield.localhost'));
    expect(northfield.identifier).toBe('northfield');
    expect(northfield.bookings_url).toBe('http://bookings.northfield.localhost');
    expect(northfield.account_url).toBe('http://myaccount.northfield.localhost');
  });

  it('falls back to the default client for a host nobody claims, and serves a host outside the split as one origin', async () => {
    expect(dataOf(await client('bookings.nobody.example')).identifier).toBe('northfield');
    const elsewhere = dataOf(await client('elsewhere.example'));
    expect(elsewhere.identifier).toBe('northfield');
    expect(elsewhere.account_url).toBe('/account');
    expect(elsewhere.bookings_url).toBe('/');
    // A host the client names itself still wins over its parent.
    expect(dataOf(await client('riverside.localhost')).identifier).toBe('riverside');
  });

  it('scopes the session cookie to the parent domain, so the account sub-domain shares the login', async () => {
    const res = await logIn(t, 'bookings.northfield.localhost:4173');
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^northfield_session=/);
    expect(setCookie).toContain('Domain=northfield.localhost');
    const user = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { host: 'myaccount.northfield.localhost:4173', cookie: cookieOf(res) },
    });
    expect(user.statusCode).toBe(200);
    expect(dataOf(user).email).toBe(demo.email);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { host: 'myaccount.northfield.localhost:4173', cookie: cookieOf(res) },
    });
    expect(String(logout.headers['set-cookie'])).toContain('Domain=northfield.localhost');
  });

  it('keeps the cookie host-only on a host outside the split', async () => {
    const res = await logIn(t, 'localhost:4173');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).not.toContain('Domain=');
  });
});

describe('emailed links with the sub-domain split', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SUBDOMAINS: 'bookings,myaccount' } });
    await t.database.db
      .update(clients)
      .set({ domains: ['northfield.example'] })
      .where(eq(clients.identifier, 'northfield'));
  });
  afterAll(() => t.close());

  const forgot = (host: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/forgotten-password',
      remoteAddress,
      headers: { host, 'client-domain-identifier': 'northfield' },
      payload: { email_or_reference: demo.email },
    });
  const lastMail = async () => {
    await settleBackground();
    const mail = dataOf(await t.request({ method: 'GET', url: '/api/dev/outbox' })) as { text: string }[];
    return mail[0]?.text ?? '';
  };

  it("link to the sub-domain asked from when its parent is the client's domain, never to a forged one", async () => {
    await forgot('bookings.northfield.example', '10.2.0.1');
    expect(await lastMail()).toContain('https://bookings.northfield.example/reset-password?token=');
    await forgot('bookings.evil.example', '10.2.0.2');
    const text = await lastMail();
    expect(text).not.toContain('evil.example');
    expect(text).toContain('https://northfield.example/reset-password?token=');
  });
});

describe('on one origin (SUBDOMAINS unset)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps the account area under /account on this origin, whatever the host', async () => {
    for (const host of ['bookings.northfield.localhost', 'localhost:3000']) {
      const data = dataOf(await t.app.inject({ method: 'GET', url: '/api/client', headers: { host } }));
      expect(data.account_url).toBe('/account');
      expect(data.bookings_url).toBe('/');
    }
  });

  it('resolves no client from a parent domain: an unclaimed host is the default client', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/client', headers: { host: 'bookings.riverside.localhost' } });
    expect(dataOf(res).identifier).toBe('northfield');
  });

  it('sets a host-only cookie unless COOKIE_DOMAIN says otherwise', async () => {
    const res = await logIn(t, 'bookings.northfield.localhost');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).not.toContain('Domain=');
  });
});
