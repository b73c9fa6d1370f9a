import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleBackground } from '../../lib/background';
import { demo } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A reset email for the demo customer is in the outbox.
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/customer/forgotten-password',
    payload: { email_or_reference: demo.email },
  });
  expect(res.statusCode).toBeLessThan(300);
  await settleBackground();
});
afterAll(() => t.close());

const outbox = (options: { remoteAddress?: string; headers?: Record<string, string> }) =>
  t.request({ method: 'GET', url: '/api/dev/outbox', ...options });

describe('GET /api/dev/outbox (fault 4: anyone could read anyone’s reset link)', () => {
  it('answers the person at this machine (loopback peer, loopback host)', async () => {
    for (const [remoteAddress, host] of [
      ['127.0.0.1', 'localhost:3000'],
      ['::1', 'northfield.localhost:3000'],
      ['::ffff:127.0.0.1', '127.0.0.1:3000'],
    ] as const) {
      const res = await outbox({ remoteAddress, headers: { host } });
      expect(res.statusCode, `${remoteAddress} ${host}`).toBe(200);
    }
    await expect
      .poll(async () => dataOf(await outbox({ headers: { host: 'localhost' } })).some((m: { to: string }) => m.to === demo.email))
      .toBe(true);
  });

  it('is 404 to anyone else: another address, a proxied request, or a public host name rebound to loopback', async () => {
    const cases: { remoteAddress?: string; headers?: Record<string, string> }[] = [
      { remoteAddress: '203.0.113.9', headers: { host: 'localhost:3000' } },
      { remoteAddress: '192.168.1.20', headers: { host: 'northfield.example' } },
      { remoteAddress: '::ffff:10.0.0.7', headers: { host: 'localhost' } },
      { remoteAddress: '127.0.0.1', headers: { host: 'localhost', 'x-forwarded-for': '203.0.113.9' } },
      { remoteAddress: '127.0.0.1', headers: { host: 'localhost', forwarded: 'for=203.0.113.9' } },
      { remoteAddress: '127.0.0.1', headers: { host: 'evil.example' } },
    ];
    for (const options of cases) {
      const res = await outbox(options);
      expect(res.statusCode, JSON.stringify(options)).toBe(404);
      expect(res.body).not.toContain(demo.email);
    }
  });
});

describe('with SMTP_URL set', () => {
  it('has no outbox route at all', async () => {
    const smtp = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      expect((await smtp.request({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await smtp.close();
    }
  });
});
