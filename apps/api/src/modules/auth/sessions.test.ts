import { accountMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0] as string;

describe('the token exchange (app shell ?token=)', () => {
  it('swaps a session token for the httpOnly cookie; the token that travelled in the URL stops working', async () => {
    const token = (await t.sessionFor(demo.email)).split('=')[1] as string;
    const res = await t.request({ method: 'POST', url: '/api/auth/token', payload: { token } });
    expect(res.statusCode).toBe(200);
    expect(dataOf(res).user.email).toBe(demo.email);
    expect(dataOf(res).token).toBeUndefined();
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^northfield_session=/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(cookieOf(res)).not.toBe(`northfield_session=${token}`);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', as: cookieOf(res) })).statusCode).toBe(200);
    const old = await t.request({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
    expect(old.statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/auth/token', payload: { token } })).statusCode).toBe(401);
  });

  it("refuses an unknown token and another client's token, setting no cookie", async () => {
    const bad = await t.request({ method: 'POST', url: '/api/auth/token', payload: { token: 'x'.repeat(43) } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe(accountMessages.tokenInvalid);
    expect(bad.headers['set-cookie']).toBeUndefined();
    const riverside = (await t.sessionFor(demo.email, 'riverside')).split('=')[1] as string;
    expect((await t.request({ method: 'POST', url: '/api/auth/token', payload: { token: riverside } })).statusCode).toBe(401);
  });

  it('refuses an exchange sent from another site (login CSRF)', async () => {
    const token = (await t.sessionFor(demo.email)).split('=')[1] as string;
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/token',
      payload: { token },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('CSRF: cookie-authenticated changes', () => {
  it('refuses a login or a sign-up posted from another site (login CSRF)', async () => {
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: demo.email, password: demo.password },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.headers['set-cookie']).toBeUndefined();
    const register = await t.request({
      method: 'POST',
      url: '/api/auth/customer/register',
      payload: { first_name: 'Eve', last_name: 'Evil', email: 'eve@example.com', password: 'eve-pass-2026' },
      headers: { origin: 'https://evil.example' },
    });
    expect(register.statusCode).toBe(403);
  });

  it('refuses a sign-up naming another client, and records the onboarding type and source it was given', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/customer/register?onboarding_type=customer_account_foh',
      payload: { first_name: 'Kim', last_name: 'Lee', email: 'kim@example.com', password: 'kim-pass-2026', client_id: 999, source: 'foh' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.client_id).toBeDefined();
    const northfield = dataOf(await t.request({ method: 'GET', url: '/api/client' })).id;
    const ok = await t.request({
      method: 'POST',
      url: '/api/auth/customer/register?onboarding_type=customer_account_foh',
      payload: {
        first_name: 'Kim',
        last_name: 'Lee',
        email: 'kim@example.com',
        password: 'kim-pass-2026',
        client_id: northfield,
        source: 'foh',
      },
    });
    expect(ok.statusCode).toBe(201);
    const { users } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'kim@example.com'));
    expect(row).toMatchObject({ source: 'foh', onboardingType: 'customer_account_foh' });
  });

  it('allows a same-origin change and refuses one whose Origin is another site', async () => {
    const as = await t.sessionFor(demo.email);
    const evil = await t.request({ method: 'POST', url: '/api/auth/logout', as, headers: { origin: 'https://evil.example' } });
    expect(evil.statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', as })).statusCode).toBe(200);
    const same = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      as,
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('does not apply to Bearer requests, which a browser never sends by itself', async () => {
    const token = (await t.sessionFor(demo.email)).split('=')[1] as string;
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}`, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends nosniff and a CSP, and no HSTS over plain HTTP in development', async () => {
    const res = await t.request({ method: 'GET', url: '/api/client' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("lets only the client's own embedding origins frame the app", async () => {
    const northfield = await t.request({ method: 'GET', url: '/api/client' });
    expect(northfield.headers['content-security-policy']).toContain("frame-ancestors 'self' https://www.northfield-leisure.example;");
    const riverside = await t.request({ method: 'GET', url: '/api/client', headers: { 'client-domain-identifier': 'riverside' } });
    const csp = String(riverside.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self' https://www.riverside-sports.example https://riverside-sports.example");
    expect(csp).not.toContain('northfield-leisure');
    // The app's pages (not only the API) carry the same policy, by host.
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'riverside.localhost:3000' } });
    expect(String(page.headers['content-security-policy'])).toContain('https://www.riverside-sports.example');
  });
});

describe('in production (the default: NODE_ENV unset)', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ env: { NODE_ENV: '', COOKIE_DOMAIN: 'leisure.example' } });
  });
  afterAll(() => prod.close());
  const publicHost = { host: 'bookings.leisure.example' };

  it('runs as production when NODE_ENV is unset', () => {
    expect(prod.app.deps.config.env).toBe('production');
  });

  it('sets a Secure, __Secure- prefixed cookie scoped to the parent domain, and HSTS, on a public host', async () => {
    const token = (await prod.sessionFor(demo.email)).split('=')[1] as string;
    const res = await prod.request({ method: 'POST', url: '/api/auth/token', payload: { token }, headers: publicHost });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Secure-northfield_session=/);
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('Domain=leisure.example');
    expect(setCookie).toContain('HttpOnly');
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    // The session is read back only under the name it was set with: a plain-named cookie is not a session there.
    const cookie = cookieOf(res);
    expect((await prod.request({ method: 'GET', url: '/api/auth/user', as: cookie, headers: publicHost })).statusCode).toBe(200);
    const plain = cookie.replace('__Secure-', '');
    expect((await prod.request({ method: 'GET', url: '/api/auth/user', as: plain, headers: publicHost })).statusCode).toBe(401);
  });

  it('uses plain cookies and no HSTS for plain HTTP to localhost, so npm start works at http://localhost:3000', async () => {
    const token = (await prod.sessionFor(demo.email)).split('=')[1] as string;
    const res = await prod.request({ method: 'POST', url: '/api/auth/token', payload: { token }, headers: { host: 'localhost:3000' } });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^northfield_session=/);
    expect(setCookie).not.toContain('Secure');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
  });

  it('shows the outbox only to a request from this machine', async () => {
    expect((await prod.request({ method: 'GET', url: '/api/dev/outbox', headers: { host: 'localhost:3000' } })).statusCode).toBe(200);
    const stranger = await prod.request({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '203.0.113.9', headers: publicHost });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('one origin over HTTPS', () => {
  let https: TestApp;
  beforeAll(async () => {
    https = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => https.close());

  it('names the session cookie __Host- (Secure, Path=/, no Domain), so no sub-domain can set or replace it', async () => {
    const token = (await https.sessionFor(demo.email)).split('=')[1] as string;
    const headers = { host: 'northfield.example', 'x-forwarded-proto': 'https' };
    const res = await https.request({ method: 'POST', url: '/api/auth/token', payload: { token }, headers });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-northfield_session=/);
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Domain=');
    expect((await https.request({ method: 'GET', url: '/api/auth/user', as: cookieOf(res), headers })).statusCode).toBe(200);
    const out = await https.request({ method: 'POST', url: '/api/auth/logout', as: cookieOf(res), headers });
    expect(String(out.headers['set-cookie'])).toMatch(/^__Host-northfield_session=;/);
  });
});
