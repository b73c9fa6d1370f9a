import type { AuthUser } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, sessions, users } from '../../db/schema';
import { SessionCache } from '../../http/session-cache';
import { settleBackground } from '../../lib/background';
import { ManualClock } from '../../lib/clock';
import { sha256 } from '../../lib/ids';
import { demo, staff as staffUser } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

// Decision 115: sessions and the session check's answer are remembered per process for a few seconds.
describe('the session cache on its own', () => {
  const session = (userId: number, tokenHash = `hash-${userId}`) => ({
    tokenHash,
    clientId: 1,
    userId,
    role: 'customer' as const,
    expiresAt: new Date('2030-01-01T00:00:00Z'),
  });
  const now = new Date('2026-01-01T00:00:00Z');

  it('forgets a session once its time in the cache has passed: the TTL bounds how stale it can be', () => {
    let t = 0;
    const cache = new SessionCache(5000, 100, () => t);
    cache.rememberSession(session(1));
    t = 4999;
    expect(cache.session('hash-1', 1, now)?.userId).toBe(1);
    t = 5000;
    expect(cache.session('hash-1', 1, now)).toBeUndefined();
  });

  it("never answers for another client, nor for a session expired by the app's clock", () => {
    const cache = new SessionCache(5000, 100, () => 0);
    cache.rememberSession(session(1));
    expect(cache.session('hash-1', 2, now)).toBeUndefined();
    expect(cache.session('hash-1', 1, new Date('2030-01-01T00:00:00Z'))).toBeUndefined();
  });

  it('holds at most its bound, forgetting the oldest first', () => {
    const cache = new SessionCache(5000, 2, () => 0);
    for (const id of [1, 2, 3]) cache.rememberSession(session(id));
    expect(cache.session('hash-1', 1, now)).toBeUndefined();
    expect(cache.session('hash-2', 1, now)?.userId).toBe(2);
    expect(cache.session('hash-3', 1, now)?.userId).toBe(3);
  });

  it("forgets one user's sessions and state together, and is off at 0", () => {
    const cache = new SessionCache(5000, 100, () => 0);
    cache.rememberSession(session(1, 'a'));
    cache.rememberSession(session(1, 'b'));
    cache.rememberSession(session(2, 'c'));
    cache.forgetUser(1);
    expect(cache.session('a', 1, now)).toBeUndefined();
    expect(cache.session('b', 1, now)).toBeUndefined();
    expect(cache.session('c', 1, now)?.userId).toBe(2);
    const off = new SessionCache(0, 100, () => 0);
    off.rememberSession(session(1));
    expect(off.session('hash-1', 1, now)).toBeUndefined();
  });

  it("forgets one user's derived state without touching another's, and answers a user only for their client", () => {
    const cache = new SessionCache(5000, 100, () => 0);
    const answer = (id: number) => ({ id }) as unknown as AuthUser;
    cache.rememberUser(1, 10, answer(10));
    cache.rememberUser(1, 11, answer(11));
    expect(cache.user(2, 10)).toBeUndefined();
    cache.forgetUserState(10);
    expect(cache.user(1, 10)).toBeUndefined();
    expect(cache.user(1, 11)?.id).toBe(11);
    expect(cache.usersRemembered).toBe(1);
    cache.forgetAllUserState();
    expect(cache.usersRemembered).toBe(0);
  });
});

describe('the session cache in the app', () => {
  const clock = new ManualClock();
  let t: TestApp;
  beforeAll(async () => {
    // Long enough that nothing in this file ages out by itself, except where a test waits on purpose.
    t = await createTestApp({ clock, env: { SESSION_CACHE_MS: '60000' } });
  });
  afterAll(() => t.close());

  const user = (as: string) => t.request({ method: 'GET', url: '/api/auth/user', as });
  const tokenOf = (cookie: string) => cookie.split('=')[1] as string;

  it('logout ends the session at once in the process that served it, though it was remembered', async () => {
    const as = await t.sessionFor(demo.email);
    expect((await user(as)).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/auth/logout', as })).statusCode).toBe(200);
    expect((await user(as)).statusCode).toBe(401);
  });

  it('a password reset ends every remembered session of the account at once', async () => {
    const as = await t.sessionFor(demo.email);
    expect((await user(as)).statusCode).toBe(200);
    const asked = await t.request({
      method: 'POST',
      url: '/api/auth/customer/forgotten-password',
      payload: { email_or_reference: demo.email },
    });
    expect(asked.statusCode).toBe(200);
    await settleBackground(); // the reset email is sent after the answer
    const mails = dataOf(await t.request({ method: 'GET', url: '/api/dev/outbox' })) as { to: string; text: string }[];
    const mail = mails.find((m) => m.to === demo.email && m.text.includes('/reset-password?token='));
    const token = /\/reset-password\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] as string;
    const done = await t.request({
      method: 'POST',
      url: '/api/auth/customer/reset-password',
      payload: { token, password: demo.password },
    });
    expect(done.statusCode).toBe(200);
    expect((await user(as)).statusCode).toBe(401);
  });

  it("a session ended by another process stops working here once this process's memory of it ages out", async () => {
    const as = await t.sessionFor(demo.email);
    expect((await user(as)).statusCode).toBe(200);
    // Another process's logout: the row goes, this process is not told.
    await t.database.db.delete(sessions).where(eq(sessions.tokenHash, sha256(tokenOf(as))));
    expect((await user(as)).statusCode).toBe(200);
    // The cache's time passing, as a test can make it pass: the entry is forgotten, the database answers.
    t.app.deps.sessions.forgetSession(sha256(tokenOf(as)));
    expect((await user(as)).statusCode).toBe(401);
  });

  it("a remembered session still ends at its expiry by the app's clock", async () => {
    const as = await t.sessionFor(demo.email);
    expect((await user(as)).statusCode).toBe(200);
    // Past the 30 days a test session lives (test/harness.ts sessionCookieFor).
    clock.advance(31 * 86_400_000);
    try {
      expect((await user(as)).statusCode).toBe(401);
    } finally {
      clock.advance(-31 * 86_400_000);
    }
  });

  it("remembers the session check's answer, and the user's own change through this process forgets it", async () => {
    const as = await t.sessionFor(demo.email);
    const me = dataOf(await user(as));
    const before = me.credit.balance as number;
    const [row] = await t.database.db.select({ id: users.id, clientId: users.clientId }).from(users).where(eq(users.id, me.id));
    // Written behind the app's back (as another process would): not seen while remembered.
    await t.database.db
      .insert(creditLedger)
      .values({ clientId: row?.clientId as number, userId: row?.id as number, kind: 'general', amount: 500, reason: 'Cache test' });
    expect(dataOf(await user(as)).credit.balance).toBe(before);
    // A change made through this process by the same user (here a logout of their other session) forgets their state.
    const other = await t.sessionFor(demo.email);
    expect((await t.request({ method: 'POST', url: '/api/auth/logout', as: other })).statusCode).toBe(200);
    expect(dataOf(await user(as)).credit.balance).toBe(before + 500);
    await t.database.db.delete(creditLedger).where(and(eq(creditLedger.userId, row?.id as number), eq(creditLedger.reason, 'Cache test')));
  });
  describe('what a change forgets (decision 114)', () => {
    const balanceOf = async (as: string): Promise<number> => dataOf(await user(as)).credit.balance;
    /** Credit written behind the app's back, as another process would: seen only once the answer is forgotten. */
    const creditBehind = async (userId: number) => {
      const [row] = await t.database.db.select({ clientId: users.clientId }).from(users).where(eq(users.id, userId));
      await t.database.db
        .insert(creditLedger)
        .values({ clientId: row?.clientId as number, userId, kind: 'general', amount: 300, reason: 'Cache scope test' });
    };
    const idOf = async (as: string): Promise<number> => dataOf(await user(as)).id;
    let alex: string;
    let sam: string;
    let other: string;
    const ids: number[] = [];
    beforeAll(async () => {
      alex = await t.sessionFor(demo.email);
      // Sam is linked to Alex in the demo (a parent and child); member1 has nothing to do with either.
      sam = await t.sessionFor('sam.morgan@example.invalid');
      other = await t.sessionFor('member1@example.invalid');
      for (const as of [alex, sam, other]) ids.push(await idOf(as));
    });
    afterAll(async () => {
      await t.database.db.delete(creditLedger).where(eq(creditLedger.reason, 'Cache scope test'));
      t.app.deps.sessions.forgetAllUserState();
    });

    /** Each user's balance as remembered, then 300 more written behind the app's back (not yet seen). */
    async function rememberedThenChanged(): Promise<number[]> {
      t.app.deps.sessions.forgetAllUserState();
      const before = [await balanceOf(alex), await balanceOf(sam), await balanceOf(other)];
      for (const id of ids) await creditBehind(id);
      expect([await balanceOf(alex), await balanceOf(sam), await balanceOf(other)]).toEqual(before);
      return before;
    }

    it("a customer's change forgets their own state and their linked users', and nobody else's", async () => {
      const [a, s, o] = await rememberedThenChanged();
      const saved = await t.request({ method: 'PUT', url: '/api/my-account/details', as: alex, payload: { first_name: 'Alex' } });
      expect(saved.statusCode).toBe(200);
      expect(await balanceOf(alex)).toBe((a as number) + 300);
      expect(await balanceOf(sam)).toBe((s as number) + 300);
      expect(await balanceOf(other)).toBe(o);
    });

    it("a refused change forgets only the sender's state", async () => {
      const [a, s, o] = await rememberedThenChanged();
      const refused = await t.request({ method: 'PUT', url: '/api/my-account/details', as: alex, payload: { first_name: '' } });
      expect(refused.statusCode).toBe(422);
      expect(await balanceOf(alex)).toBe((a as number) + 300);
      expect(await balanceOf(sam)).toBe(s);
      expect(await balanceOf(other)).toBe(o);
    });

    it("staff's change, and one made without a session, forget everyone's state", async () => {
      const [a, s, o] = await rememberedThenChanged();
      const desk = await t.sessionFor(staffUser.email);
      expect((await t.request({ method: 'POST', url: '/api/auth/logout', as: desk })).statusCode).toBe(200);
      expect([await balanceOf(alex), await balanceOf(sam), await balanceOf(other)]).toEqual([
        (a as number) + 300,
        (s as number) + 300,
        (o as number) + 300,
      ]);
      const [a2, s2, o2] = await rememberedThenChanged();
      // A visitor's change that succeeds (here asking for a reset link, answered the same whether or not the account exists).
      const asked = await t.request({
        method: 'POST',
        url: '/api/auth/customer/forgotten-password',
        payload: { email_or_reference: 'nobody@example.invalid' },
      });
      expect(asked.statusCode).toBe(200);
      expect([await balanceOf(alex), await balanceOf(sam), await balanceOf(other)]).toEqual([
        (a2 as number) + 300,
        (s2 as number) + 300,
        (o2 as number) + 300,
      ]);
    });
  });
});
