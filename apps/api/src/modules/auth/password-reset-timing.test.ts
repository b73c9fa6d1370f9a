import { accountMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { settleBackground } from '../../lib/background';
import { demo } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

/**
 * 'Forgotten password' must not tell by its timing whether an account exists (issue 9). Timing tests are flaky on a
 * shared machine, so this proves the cause instead: the account lookup is held on a promise the test controls, and
 * the answer still arrives, for a known and an unknown email alike, before the lookup (and so the reset row and the
 * email) has finished. Whatever the lookup finds cannot change how long the answer takes.
 */
const trace = vi.hoisted(() => ({
  /** Every step of the reset work, in order: the lookup starting and ending, the reset row, the email. */
  steps: [] as string[],
  hold: null as Promise<void> | null,
}));

vi.mock('./queries', async (importOriginal) => {
  const real = await importOriginal<typeof import('./queries')>();
  return {
    ...real,
    findUserByEmailOrReference: async (...args: Parameters<typeof real.findUserByEmailOrReference>) => {
      trace.steps.push(`lookup ${args[2]}`);
      if (trace.hold) await trace.hold;
      const user = await real.findUserByEmailOrReference(...args);
      trace.steps.push(`found ${user ? 'an account' : 'nothing'}`);
      return user;
    },
    insertPasswordReset: async (...args: Parameters<typeof real.insertPasswordReset>) => {
      trace.steps.push('reset row');
      return real.insertPasswordReset(...args);
    },
  };
});

vi.mock('../notifications/queue', async (importOriginal) => {
  const real = await importOriginal<typeof import('../notifications/queue')>();
  return {
    ...real,
    queueEmail: async (...args: Parameters<typeof real.queueEmail>) => {
      trace.steps.push(`email ${args[1].kind}`);
      return real.queueEmail(...args);
    },
  };
});

let t: TestApp;
const logged: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => logged.push(line) } });
});
afterAll(() => t.close());

let caller = 0;
const forgot = (value: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/customer/forgotten-password',
    payload: { email_or_reference: value },
    // Each from its own address, so the per-address request limit plays no part.
    remoteAddress: `10.2.0.${++caller}`,
  });
const outbox = async () => dataOf(await t.request({ method: 'GET', url: '/api/dev/outbox' })) as { to: string }[];

/** Headers that differ between any two answers whatever they say (when, which request, the rate limit's count). */
const perRequest = new Set([
  'date',
  'x-request-id',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'ratelimit-remaining',
  'ratelimit-reset',
]);
const sameness = (headers: Record<string, unknown>) => Object.entries(headers).filter(([name]) => !perRequest.has(name.toLowerCase()));

describe("'Forgotten password' answers before the account is looked up", () => {
  it('answers a known and an unknown email while their lookups are still held, with the same answer, then does the work for the known one only', async () => {
    let release = () => {};
    trace.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = (await outbox()).length;

    const known = await forgot(demo.email);
    const unknown = await forgot('nobody-here@example.com');

    // Both answers are in while both lookups wait: neither answer waited for its lookup.
    expect(trace.steps).toEqual([`lookup ${demo.email}`, 'lookup nobody-here@example.com']);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ data: null, message: accountMessages.resetRequested });
    expect(unknown.body).toBe(known.body);
    expect(sameness(unknown.headers)).toEqual(sameness(known.headers));
    expect((await outbox()).length).toBe(before);

    // Let the lookups finish: only now is the known account's reset written and its email queued and sent.
    release();
    await settleBackground();
    expect(trace.steps.slice(2).sort()).toEqual(['email password_reset', 'found an account', 'found nothing', 'reset row'].sort());
    expect(trace.steps.indexOf('reset row')).toBeGreaterThan(trace.steps.indexOf('found an account'));
    // Newest first: what arrived since the test began.
    const mail = await outbox();
    expect(mail.slice(0, mail.length - before).map((m) => m.to)).toEqual([demo.email]);
    trace.hold = null;
  });

  it('answers even when the lookup fails, and the failure is logged rather than left unhandled', async () => {
    trace.steps.length = 0;
    let fail = (_: Error) => {};
    trace.hold = new Promise<void>((_, reject) => {
      fail = reject;
    });
    const res = await forgot(demo.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(accountMessages.resetRequested);
    fail(new Error('the database went away'));
    await settleBackground();
    expect(trace.steps).toEqual([`lookup ${demo.email}`]);
    expect(logged.some((line) => line.includes('the reset email could not be prepared'))).toBe(true);
    trace.hold = null;
  });
});
