import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => void lines.push(line) } });
}, 240_000);
afterAll(() => t.close());

describe('personal answers are never stored by a cache (issue 9)', () => {
  it('sends Cache-Control: no-store on every answer to a logged-in caller, and on login', async () => {
    const as = await t.sessionFor(demo.email);
    for (const url of [
      '/api/auth/user',
      '/api/checkout/cart',
      '/api/my-account/details',
      '/api/my-account/payments',
      '/api/my-account/linked-users',
    ]) {
      const res = await t.request({ method: 'GET', url, as });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const token = as.split('=')[1] as string;
    const exchanged = await t.request({ method: 'POST', url: '/api/auth/token', payload: { token } });
    expect(exchanged.headers['cache-control']).toBe('no-store');
  });
});

describe('logs carry no secrets or personal data (issue 9)', () => {
  it('a sign-up that fails in the database is logged without its password, hash, email, phone or name', async () => {
    // The sign-up's INSERT fails (as any unexpected database error would), so its values reach the error log.
    await t.database.db.execute(sql.raw('ALTER TABLE users RENAME COLUMN phone TO phone_gone'));
    try {
      const person = {
        first_name: 'Verity',
        last_name: 'Lockwood',
        email: 'verity.lockwood@example.com',
        phone: '07700 900123',
        password: 'secret-pass-2026',
      };
      const res = await t.request({ method: 'POST', url: '/api/auth/customer/register', payload: person });
      expect(res.statusCode).toBe(500);
      const log = lines.join('');
      expect(log).toContain('unhandled error');
      for (const value of [person.email, person.phone, person.first_name, person.last_name, person.password, 'scrypt$']) {
        expect(log, value).not.toContain(value);
      }
    } finally {
      await t.database.db.execute(sql.raw('ALTER TABLE users RENAME COLUMN phone_gone TO phone'));
    }
  });
});
