import { accountMessages } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { settleBackground } from '../../lib/background';
import { ManualClock } from '../../lib/clock';
import { demo, staff } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

const clock = new ManualClock();
const env = { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '4', LOGIN_THROTTLE_MINUTES: '15' };
let t: TestApp;
/** A second API process on the same database: the limits must hold there too. */
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ clock, env });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env });
  other = await buildApp({ config, database: t.database, clock, logger: { level: 'error' } });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const login = (app: FastifyInstance, username: string, password: string, address: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/customer/login',
    remoteAddress: address,
    headers: { 'client-domain-identifier': 'northfield' },
    payload: { username, password },
  });

describe('login throttling', () => {
  it('refuses an account with 429 after its failures, even with the right password, in every process, until the window passes', async () => {
    for (const app of [t.app, other, t.app]) expect((await login(app, demo.email, 'wrong-password', '10.0.0.1')).statusCode).toBe(401);
    const refused = await login(other, demo.email, demo.password, '10.0.0.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(accountMessages.loginThrottled);
    expect((await login(t.app, 'DEMO@example.com', demo.password, '10.0.0.3')).statusCode).toBe(429);
    clock.advance(15 * 60_000 + 1000);
    expect((await login(t.app, demo.email, demo.password, '10.0.0.2')).statusCode).toBe(200);
  });

  it('refuses an address with 429 after its failures across accounts', async () => {
    for (const user of ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com']) {
      expect((await login(t.app, user, 'wrong-password', '10.0.0.9')).statusCode).toBe(401);
    }
    expect((await login(other, staff.email, staff.password, '10.0.0.9')).statusCode).toBe(429);
    // The same account from another address is fine.
    expect((await login(other, staff.email, staff.password, '10.0.0.10')).statusCode).toBe(200);
    clock.advance(15 * 60_000 + 1000);
  });

  it("a successful login clears the account's failures", async () => {
    for (let i = 0; i < 2; i++) await login(t.app, staff.email, 'wrong-password', '10.0.1.1');
    expect((await login(t.app, staff.email, staff.password, '10.0.1.2')).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await login(t.app, staff.email, 'wrong-password', '10.0.1.3')).statusCode).toBe(401);
    expect((await login(t.app, staff.email, staff.password, '10.0.1.4')).statusCode).toBe(200);
  });

  it('a password reset lifts the account throttle', async () => {
    for (let i = 0; i < 3; i++) await login(t.app, demo.email, 'wrong-password', '10.0.3.1');
    expect((await login(t.app, demo.email, demo.password, '10.0.3.2')).statusCode).toBe(429);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/forgotten-password',
      remoteAddress: '10.0.3.3',
      headers: { 'client-domain-identifier': 'northfield' },
      payload: { email_or_reference: demo.email },
    });
    await settleBackground();
    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', headers: { 'client-domain-identifier': 'northfield' } });
    const token = /reset-password\?token=([\w-]+)/.exec(outbox.json().data[0].text)?.[1];
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/reset-password',
      remoteAddress: '10.0.3.3',
      headers: { 'client-domain-identifier': 'northfield' },
      payload: { token, password: 'after-reset-pass' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(t.app, demo.email, 'after-reset-pass', '10.0.3.4')).statusCode).toBe(200);
  });

  it("counts per client: one client's failures do not lock the same email at another", async () => {
    for (let i = 0; i < 3; i++) await login(t.app, demo.email, 'wrong-password', '10.0.2.1');
    const riverside = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      remoteAddress: '10.0.2.2',
      headers: { 'client-domain-identifier': 'riverside' },
      payload: { username: demo.email, password: demo.password },
    });
    expect(riverside.statusCode).toBe(200);
  });
});
