import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, outboxEmails } from '../../db/schema';
import { appJobs } from '../../jobs/handlers';
import { jobsNamed } from '../../jobs/queue';
import { runDueJobs } from '../../jobs/runner';
import { settleBackground } from '../../lib/background';
import { ManualClock } from '../../lib/clock';
import { inTransaction } from '../../lib/transaction';
import { demo } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { EMAIL_JOB, type QueuedEmail, queueEmail } from './queue';
import { emailJob } from './send';

const clock = new ManualClock(new Date('2030-03-04T09:00:00Z'));
let t: TestApp;
let failing: TestApp;
let clientId: number;

beforeAll(async () => {
  [t, failing] = await Promise.all([
    createTestApp({ clock, env: { JOBS_LEASE_SECONDS: '60', JOBS_BACKOFF_SECONDS: '10', JOBS_MAX_ATTEMPTS: '3' } }),
    // Nothing listens on port 1: every send fails.
    createTestApp({ clock, env: { SMTP_URL: 'smtp://127.0.0.1:1', JOBS_BACKOFF_SECONDS: '10', JOBS_MAX_ATTEMPTS: '3' } }),
  ]);
  clientId = await t.clientId('northfield');
});
afterAll(async () => {
  await Promise.all([t?.close(), failing?.close()]);
});

const reminder = (dedupeKey: string): QueuedEmail => ({
  clientId,
  to: 'queue-test@example.com',
  kind: 'reminder',
  data: {
    customerName: 'Ada',
    session: { title: 'Spin', start: '2030-03-05T09:00:00Z', end: '2030-03-05T09:45:00Z', venue: 'Northfield Leisure Centre' },
  },
  dedupeKey,
  now: clock.now(),
});
const run = (app: TestApp) => runDueJobs(app.app.deps, clock.now(), { definitions: appJobs });
const outboxWith = (app: TestApp, dedupeKey: string) =>
  app.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.clientId, clientId), eq(outboxEmails.dedupeKey, dedupeKey)));
const jobOf = async (app: TestApp, dedupeKey: string) =>
  (await jobsNamed(app.database.db, EMAIL_JOB)).filter((j) => j.uniqueKey === `${clientId}:${dedupeKey}`);

describe('the email queue', () => {
  it('queues nothing when the transaction that queued it rolls back', async () => {
    await expect(
      inTransaction(t.database.db, async (tx) => {
        await queueEmail(tx, reminder('rolled-back'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await jobOf(t, 'rolled-back')).toEqual([]);
    await run(t);
    expect(await outboxWith(t, 'rolled-back')).toEqual([]);
  });

  it('queues and sends one email per dedupe key, however often it is queued', async () => {
    const first = await inTransaction(t.database.db, (tx) => queueEmail(tx, reminder('twice')));
    const again = await inTransaction(t.database.db, (tx) => queueEmail(tx, reminder('twice')));
    expect(first).toBeTypeOf('number');
    expect(again).toBeNull();
    await run(t);
    await run(t);
    expect(await outboxWith(t, 'twice')).toHaveLength(1);
    expect(await jobOf(t, 'twice')).toMatchObject([{ status: 'done', attempts: 1 }]);
  });

  it('sends once after a worker dies between claiming the email and sending it', async () => {
    await queueEmail(t.database.db, reminder('claimed-then-died'));
    const [job] = await jobOf(t, 'claimed-then-died');
    // The dead worker's claim: running, under a lease that has not run out yet.
    await t.database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: 'dead', lockedUntil: new Date(clock.now().getTime() + 60_000) })
      .where(eq(jobs.id, job!.id));
    await run(t);
    expect(await outboxWith(t, 'claimed-then-died')).toEqual([]);
    clock.advance(61_000);
    await run(t);
    await run(t);
    expect(await outboxWith(t, 'claimed-then-died')).toHaveLength(1);
    expect(await jobOf(t, 'claimed-then-died')).toMatchObject([{ status: 'done', attempts: 2 }]);
  });

  it('sends once when a worker dies after sending but before marking the job done', async () => {
    await queueEmail(t.database.db, reminder('sent-then-died'));
    const [job] = await jobOf(t, 'sent-then-died');
    // The dead worker sent it, then died before marking it done.
    await emailJob.run(job!, { deps: t.app.deps, now: clock.now(), log: { info() {}, error() {} } });
    await t.database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: 'dead', lockedUntil: clock.now() })
      .where(eq(jobs.id, job!.id));
    clock.advance(1000);
    await run(t);
    expect(await outboxWith(t, 'sent-then-died')).toHaveLength(1);
    expect(await jobOf(t, 'sent-then-died')).toMatchObject([{ status: 'done' }]);
  });

  it('retries a failing send with backoff, then parks it as failed with the error', async () => {
    await queueEmail(failing.database.db, reminder('smtp-down'));
    expect(await run(failing)).toMatchObject({ retried: 1, done: 0 });
    const [afterOne] = await jobOf(failing, 'smtp-down');
    expect(afterOne).toMatchObject({ status: 'queued', attempts: 1 });
    expect(afterOne!.runAt.getTime() - clock.now().getTime()).toBe(10_000);
    expect(afterOne!.lastError).toBeTruthy();
    clock.advance(10_000);
    expect(await run(failing)).toMatchObject({ retried: 1 });
    expect((await jobOf(failing, 'smtp-down'))[0]!.runAt.getTime() - clock.now().getTime()).toBe(20_000);
    clock.advance(20_000);
    expect(await run(failing)).toMatchObject({ failed: 1 });
    expect(await jobOf(failing, 'smtp-down')).toMatchObject([{ status: 'failed', attempts: 3 }]);
  });

  it('sends the password reset through the queue at once, to the outbox with its kind', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/customer/forgotten-password',
      payload: { email_or_reference: demo.email },
    });
    expect(res.statusCode).toBe(200);
    // The answer comes before the lookup (decision 075's timing fix); the email follows from background work.
    await settleBackground();
    const [mail] = dataOf(await t.request({ method: 'GET', url: '/api/dev/outbox' }));
    expect(mail).toMatchObject({ to: demo.email, kind: 'password_reset' });
    expect(mail.text).toMatch(/reset-password\?token=/);
    const sent = (await jobsNamed(t.database.db, EMAIL_JOB)).filter((j) => j.payload.kind === 'password_reset');
    expect(sent).toMatchObject([{ status: 'done', attempts: 1 }]);
  });
});
