import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../test/harness';

/** The headers helmet writes (its defaults and our policy, app.ts), as an answer carries them. */
const HELMET_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-powered-by',
  'strict-transport-security',
];
// Northfield names an embedding origin, so frame-ancestors lists it and X-Frame-Options is dropped (frame-ancestors.ts).
const EXPECTED_HELMET = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self' https:;frame-ancestors 'self' https://www.northfield-leisure.example;img-src 'self' data: https:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';frame-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the envelope and the error catalogue', () => {
  it('answers in the spec envelope', async () => {
    const res = await t.request({ method: 'GET', url: '/api/client' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: expect.objectContaining({ identifier: 'northfield', currency: { code: 'GBP', symbol: '£' } }) });
  });

  it('answers an unknown API path with the 404 message', async () => {
    const res = await t.request({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Unable to complete request, item not found.', code: 'not_found' });
  });

  it('refuses malformed JSON with a 400, not a 500', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('malformed_request');
  });

  it('refuses wrong types with a 422 and field errors', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/customer/login', payload: { username: 42 } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { username: ['Must be a string'], password: ['Required'] } });
  });

  it('refuses an unsupported media type with a 4xx', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<x/>',
    });
    expect(res.statusCode).toBe(415);
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/checkout/cart/add'].post).toBeDefined();
  });

  it('sends security headers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/client' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it("sends helmet's whole set of headers on every kind of answer, the same each time (decision 302)", async () => {
    const security = (headers: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => HELMET_HEADERS.includes(name)));
    for (const url of ['/api/client', '/api/no-such-thing', '/api/client']) {
      const res = await t.request({ method: 'GET', url });
      expect(security(res.headers)).toEqual(EXPECTED_HELMET);
    }
    const posted = await t.request({ method: 'POST', url: '/api/auth/customer/login', payload: { username: 42 } });
    expect(security(posted.headers)).toEqual(EXPECTED_HELMET);
  });
});

describe('tenancy', () => {
  it('resolves the client from the Client-Domain-Identifier header', async () => {
    const res = await t.request({ method: 'GET', url: '/api/client', headers: { 'client-domain-identifier': 'riverside' } });
    expect(dataOf(res).identifier).toBe('riverside');
  });

  it('resolves the client from the host name when no header is sent', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/client', headers: { host: 'riverside.localhost:3000' } });
    expect(dataOf(res).identifier).toBe('riverside');
  });

  it('falls back to the default client for an unknown host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/client', headers: { host: 'example.org' } });
    expect(dataOf(res).identifier).toBe('northfield');
  });

  it('refuses a header that names no client rather than guessing', async () => {
    const res = await t.request({ method: 'GET', url: '/api/client', headers: { 'client-domain-identifier': 'nobody' } });
    expect(res.statusCode).toBe(404);
  });

  it('keeps each client to its own venues', async () => {
    const north = dataOf(await t.request({ method: 'GET', url: '/api/activities/venues' }));
    const river = dataOf(
      await t.request({ method: 'GET', url: '/api/activities/venues', headers: { 'client-domain-identifier': 'riverside' } }),
    );
    expect(north.map((v: { slug: string }) => v.slug)).toEqual(['harrogate', 'knaresborough', 'ripon']);
    expect(river.map((v: { slug: string }) => v.slug)).toEqual(['ludlow', 'shrewsbury']);
    const cross = await t.request({ method: 'GET', url: '/api/activities/venues/ludlow' });
    expect(cross.statusCode).toBe(404);
  });

  it('serves each client its own theme, the spec defaults where none is set', async () => {
    const north = dataOf(await t.request({ method: 'GET', url: '/api/frontend/theme' }));
    expect(north).toMatchObject({
      theme_app_primary_colour: '#6b2fa0',
      theme_app_body_font_style: 'roboto',
      theme_app_heading_font_style: 'garage_gothic',
    });
    const river = dataOf(
      await t.request({ method: 'GET', url: '/api/frontend/theme', headers: { 'client-domain-identifier': 'riverside' } }),
    );
    expect(river).toMatchObject({ theme_app_primary_colour: '#0f766e', theme_app_secondary_button_style: 'outline' });
  });

  it('answers 404 for the theme of an unknown venue, so the app retries without it', async () => {
    expect((await t.request({ method: 'GET', url: '/api/frontend/theme?venue=atlantis' })).statusCode).toBe(404);
  });

  it('serves a venue footer as sanitised HTML', async () => {
    const res = await t.request({ method: 'GET', url: '/api/activities/footer?venue=harrogate' });
    expect(dataOf(res).html).toContain('Harrogate Leisure Centre');
  });
});
