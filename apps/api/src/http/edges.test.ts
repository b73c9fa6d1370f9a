import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * What the OpenAPI fuzzer does not reach (issue 9: "go looking for the next one"): headers, cookies, query-string
 * shapes, content types, bodies past the limit or nested past reason, and paths that try to leave the web build.
 * Each answer must be a 4xx (or the normal answer), never a 500.
 */

let t: TestApp;
let dist: string;
let customer: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ env: { WEB_DIST: dist } });
  customer = await t.sessionFor(demo.email);
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const isClientError = (res: LightMyRequestResponse) => res.statusCode >= 400 && res.statusCode < 500;

describe('headers and cookies', () => {
  it('answers a Host of no client with the default client, and a long or odd one without a 500', async () => {
    for (const host of ['unknown.example', `${'a'.repeat(5000)}.example`, 'bad host', '[::1]:99999', 'xn--.example']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/client', headers: { host } });
      expect(res.statusCode, host).toBeLessThan(500);
    }
  });

  it('refuses a client header that names no client, however long or odd', async () => {
    for (const id of ['nobody', 'x'.repeat(10_000), 'north\u0001field', '../northfield', "northfield' OR '1'='1"]) {
      const res = await t.request({ method: 'GET', url: '/api/client', headers: { 'client-domain-identifier': id } });
      expect(isClientError(res), `${id.slice(0, 20)}: ${res.statusCode}`).toBe(true);
    }
  });

  it('treats a huge or malformed session cookie as no session', async () => {
    for (const cookie of [
      `northfield_session=${'x'.repeat(8000)}`,
      'northfield_session=%ZZ',
      'northfield_session=',
      '=;=;;',
      'a'.repeat(16_000),
    ]) {
      const res = await t.request({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect(res.statusCode, cookie.slice(0, 30)).toBe(401);
    }
  });

  it('answers a bad Idempotency-Key without a 500', async () => {
    for (const key of ['x'.repeat(10_000), 'a\u0000b', ' ', 'é'.repeat(100)]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/checkout/authorise',
        as: customer,
        headers: { 'idempotency-key': key },
        payload: { session_key: 'nope', card_identifier: 'card_nope' },
      });
      expect(isClientError(res), `${res.statusCode} ${res.body}`).toBe(true);
    }
  });
});

describe('bodies', () => {
  it('refuses a body past the limit with 413', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(300 * 1024), password: 'x' }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses JSON nested past reason with a 4xx', async () => {
    for (const text of ['['.repeat(120_000) + ']'.repeat(120_000), `{"a":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_001)}`]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/checkout/cart/add',
        as: customer,
        headers: { 'content-type': 'application/json' },
        payload: text,
      });
      expect(isClientError(res), `${res.statusCode} ${res.body.slice(0, 200)}`).toBe(true);
    }
  });

  it('refuses bodies in other media types, or none, with a 4xx', async () => {
    for (const [type, payload] of [
      ['text/plain', 'username=a'],
      ['application/x-www-form-urlencoded', 'username=a&password=b'],
      ['multipart/form-data; boundary=x', '--x\r\n\r\n--x--'],
      ['application/json; charset=utf-16', '{}'],
      ['application/xml', '<a/>'],
      ['application/json', ''],
      ['application/json', 'null'],
      ['application/json', '"text"'],
      ['application/json', '{"__proto__":{"admin":true},"username":"a","password":"b"}'],
    ] as const) {
      const res = await t.request({ method: 'POST', url: '/api/auth/customer/login', headers: { 'content-type': type }, payload });
      expect(res.statusCode, `${type} ${payload.slice(0, 20)}: ${res.body}`).toBeLessThan(500);
      expect(res.statusCode).not.toBe(200);
    }
  });
});

describe('query strings', () => {
  it('answers odd query shapes without a 500', async () => {
    const urls = [
      '/api/checkout/cart?__proto__[]=1&selected_user_id=1',
      '/api/checkout/cart?__proto__=1',
      '/api/checkout/cart?constructor[prototype][x]=1',
      `/api/v1/activities/occurrences?${Array.from({ length: 2000 }, (_, i) => `venue_ids=${i + 1}`).join('&')}`,
      `/api/v1/activities/occurrences?venue_ids=${Array.from({ length: 5000 }, (_, i) => i + 1).join(',')}`,
      '/api/activities/venue/harrogate/activity/spin/timetable?date=%E0%A4%A',
      '/api/activities/venue/harrogate/activity/spin/timetable?date=2026-12-01&date=2026-12-02',
      '/api/activities/venue/harrogate/activity/spin/timetable?date[]=2026-12-01',
      '/api/activities/venue/%ZZ/activity/spin/timetable',
      '/api/activities/venue/harrogate%00/activity/spin/timetable',
      `/api/activities/venues/search?search=${'x'.repeat(20_000)}`,
    ];
    for (const url of urls) {
      const res = await t.request({ method: 'GET', url, as: customer });
      expect(res.statusCode, `${url.slice(0, 80)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });
});

describe('paths that try to leave the web build', () => {
  it('never serves a file from outside it', async () => {
    for (const url of [
      '/../../../../etc/passwd',
      '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2f..%2fetc%2fpasswd',
      '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
      '/assets/....//....//etc/passwd',
      '/assets/app-abc123.js%00.html',
      '/..%5c..%5cetc%5cpasswd',
      '/assets/%252e%252e/%252e%252e/etc/passwd',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.statusCode}`).toBeLessThan(500);
      expect(res.body).not.toMatch(/root:|"workspaces"/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' })).statusCode).toBe(200);
  });
});
