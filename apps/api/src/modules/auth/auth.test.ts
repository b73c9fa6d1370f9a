import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0] as string;

describe('login', () => {
  it('logs in with the demo credentials and sets an httpOnly, SameSite=Lax cookie named after the client', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: demo.email, password: demo.password },
    });
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^northfield_session=/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    // The browser's JavaScript never sees the token.
    expect(res.json().data.token).toBeUndefined();
    expect(res.json().data.user).toMatchObject({ email: demo.email, home_venue_slug: 'harrogate' });
    const me = await t.request({ method: 'GET', url: '/api/auth/user', as: cookieOf(res) });
    expect(dataOf(me).first_name).toBe('Alex');
  });

  it('gives the token to an API client that asks for it, usable as a Bearer header', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: demo.email, password: demo.password, bearer: true },
    });
    const token = res.json().data.token;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(res.headers['set-cookie']).toBeUndefined();
    const me = await t.request({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: demo.email, password: 'nope-nope' },
    });
    const unknown = await t.request({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: 'nobody@example.com', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('answers 401 for the user of a visitor', async () => {
    expect((await t.request({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
  });

  it('makes a session of one client useless at another', async () => {
    const riverside = await t.sessionFor(demo.email, 'riverside');
    const token = riverside.split('=')[1];
    const res = await t.request({ method: 'GET', url: '/api/auth/user', headers: { cookie: `northfield_session=${token}` } });
    expect(res.statusCode).toBe(401);
    const bearer = await t.request({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
    expect(bearer.statusCode).toBe(401);
  });

  it('ends the session on logout', async () => {
    const as = await t.sessionFor(demo.email);
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', as });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/northfield_session=;/);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', as })).statusCode).toBe(401);
  });

  it('refuses a cookie-authenticated change sent from another site', async () => {
    const as = await t.sessionFor(demo.email);
    const res = await t.request({ method: 'POST', url: '/api/auth/logout', as, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', as })).statusCode).toBe(200);
  });
});

describe('register', () => {
  const body = { first_name: 'Robin', last_name: 'Hood', email: 'Robin@Example.com', password: 'sherwood-2026', source: 'online' };

  it('creates a customer, logs them in and gives them a reference', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/customer/register?onboarding_type=customer_account_online',
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    expect(dataOf(res)).toMatchObject({
      email: 'robin@example.com',
      first_name: 'Robin',
      reference: expect.stringMatching(/^NO[2-9A-HJ-NP-Z]{10}$/),
    });
    const me = await t.request({ method: 'GET', url: '/api/auth/user', as: cookieOf(res) });
    expect(dataOf(me).email).toBe('robin@example.com');
  });

  it('refuses an email already registered with this client, whatever its case', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/customer/register', payload: { ...body, email: 'DEMO@example.com' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['An account with this email address already exists.']);
  });

  it('allows the same email at another client', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/customer/register',
      payload: { ...body, email: 'robin@example.com' },
      headers: { 'client-domain-identifier': 'riverside' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('validates fields with the generic messages', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/customer/register',
      payload: { ...body, email: 'not-an-email', password: 'short', first_name: '' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      email: ['Must be a valid email address'],
      password: ['Must contain at least 8 character(s)'],
      first_name: ['Must contain at least 1 character(s)'],
    });
  });

  it('refuses an unknown onboarding type', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/customer/register?onboarding_type=nope', payload: body });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.onboarding_type).toBeDefined();
  });

  it('is for visitors: a logged-in customer cannot register', async () => {
    const as = await t.sessionFor(demo.email);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/customer/register',
      as,
      payload: { ...body, email: 'another@example.com' },
    });
    expect(res.statusCode).toBe(403);
  });
});
