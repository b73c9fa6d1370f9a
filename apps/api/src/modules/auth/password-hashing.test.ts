import { ourMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// One derivation at a time and none waiting: the second of two simultaneous logins is refused at once.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '0' } });
});
afterAll(async () => {
  await t.close();
});

const login = (i: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/customer/login',
    remoteAddress: `10.1.0.${i}`,
    headers: { 'client-domain-identifier': 'northfield' },
    payload: { username: demo.email, password: demo.password },
  });

describe('password hashing is bounded', () => {
  it('answers a burst past the limit with 503 and Retry-After, never a 500, and logs in the rest', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(login));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    const refused = answers.filter((a) => a.statusCode === 503);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const r of refused) {
      expect(r.headers['retry-after']).toBe('2');
      expect(r.json()).toMatchObject({ code: 'busy', message: ourMessages.busy });
    }
    // Once the burst has passed, the same login works.
    expect((await login(9)).statusCode).toBe(200);
  });
});
