import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, jobs } from '../db/schema';
import { ManualClock } from '../lib/clock';
import { demo, openSpin } from '../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../test/harness';
import { appJobs, HOLD_SWEEP_JOB, periodicJobs } from './handlers';
import { enqueue, jobsNamed } from './queue';
import { backoffSeconds, runDueJobs, schedulePeriodic } from './runner';
import type { JobDefinitions } from './types';

let t: TestApp;
const clock = new ManualClock(new Date('2030-01-07T09:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { JOBS_MAX_ATTEMPTS: '3', JOBS_BACKOFF_SECONDS: '10', JOBS_LEASE_SECONDS: '60', HOLD_MINUTES: '15' },
  });
});
afterAll(() => t.close());

const deps = () => t.app.deps;
const db = () => t.database.db;
const seconds = (n: number) => n * 1000;
const jobNamed = async (name: string) => (await jobsNamed(db(), name))[0];

describe('durable jobs', () => {
  it('enqueues once per unique key, and runs a job only when it is due', async () => {
    const ran: unknown[] = [];
    const definitions: JobDefinitions = { 'test.once': { run: async (job) => void ran.push(job.payload) } };
    const now = clock.now();
    const first = await enqueue(db(), now, {
      name: 'test.once',
      uniqueKey: 'k',
      payload: { n: 1 },
      runAt: new Date(now.getTime() + seconds(60)),
    });
    const again = await enqueue(db(), now, { name: 'test.once', uniqueKey: 'k', payload: { n: 2 } });
    expect(first).toBeTypeOf('number');
    expect(again).toBeNull();
    expect(await runDueJobs(deps(), now, { definitions })).toEqual({ done: 0, retried: 0, failed: 0 });
    clock.advance(seconds(60));
    expect(await runDueJobs(deps(), clock.now(), { definitions })).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(ran).toEqual([{ n: 1 }]);
    expect(await jobNamed('test.once')).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    // Done is done: running again does nothing.
    expect(await runDueJobs(deps(), clock.now(), { definitions })).toEqual({ done: 0, retried: 0, failed: 0 });
  });

  it('retries a failing job with exponential backoff, then parks it as failed with its error', async () => {
    let tries = 0;
    const definitions: JobDefinitions = {
      'test.flaky': {
        run: async () => {
          tries++;
          throw new Error(`provider did not answer (${tries})`);
        },
      },
    };
    await enqueue(db(), clock.now(), { name: 'test.flaky' });
    expect(await runDueJobs(deps(), clock.now(), { definitions })).toMatchObject({ retried: 1 });
    let job = await jobNamed('test.flaky');
    expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: 'provider did not answer (1)' });
    expect(job!.runAt.getTime() - clock.now().getTime()).toBe(seconds(10));
    // Not before its time.
    clock.advance(seconds(9));
    expect(await runDueJobs(deps(), clock.now(), { definitions })).toMatchObject({ retried: 0 });
    clock.advance(seconds(1));
    expect(await runDueJobs(deps(), clock.now(), { definitions })).toMatchObject({ retried: 1 });
    job = await jobNamed('test.flaky');
    expect(job!.runAt.getTime() - clock.now().getTime()).toBe(seconds(20));
    clock.advance(seconds(20));
    expect(await runDueJobs(deps(), clock.now(), { definitions })).toMatchObject({ failed: 1 });
    job = await jobNamed('test.flaky');
    expect(job).toMatchObject({ status: 'failed', attempts: 3, lastError: 'provider did not answer (3)' });
    clock.advance(seconds(3600));
    expect(await runDueJobs(deps(), clock.now(), { definitions })).toEqual({ done: 0, retried: 0, failed: 0 });
    expect(tries).toBe(3);
  });

  it('doubles the backoff each try, up to an hour', () => {
    expect([1, 2, 3, 4, 10, 20].map((n) => backoffSeconds(10, n))).toEqual([10, 20, 40, 80, 3600, 3600]);
  });

  it("takes over a job whose worker died (its lease ran out), and a late finish of the dead worker's try counts for nothing", async () => {
    const ran: string[] = [];
    const definitions: JobDefinitions = { 'test.lease': { run: async (job) => void ran.push(`try ${job.attempts}`) } };
    await enqueue(db(), clock.now(), { name: 'test.lease' });
    // A worker claimed it and died: running, with a lease until a minute from now.
    await db()
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: 'dead-worker', lockedUntil: new Date(clock.now().getTime() + seconds(60)) })
      .where(eq(jobs.name, 'test.lease'));
    expect(await runDueJobs(deps(), clock.now(), { definitions })).toMatchObject({ done: 0 });
    clock.advance(seconds(61));
    expect(await runDueJobs(deps(), clock.now(), { definitions, workerId: 'rescuer' })).toMatchObject({ done: 1 });
    expect(ran).toEqual(['try 2']);
    expect(await jobNamed('test.lease')).toMatchObject({ status: 'done', attempts: 2, lockedBy: 'rescuer' });

    // A worker too slow for its lease: another takes the job over and finishes it; the slow one's finish is ignored.
    const tries: number[] = [];
    const slow: JobDefinitions = {
      'test.slow': {
        run: async (job) => {
          tries.push(job.attempts);
          if (job.attempts > 1) return;
          clock.advance(seconds(61));
          expect(await runDueJobs(deps(), clock.now(), { definitions: slow, workerId: 'rescuer' })).toMatchObject({ done: 1 });
        },
      },
    };
    await enqueue(db(), clock.now(), { name: 'test.slow' });
    expect(await runDueJobs(deps(), clock.now(), { definitions: slow, workerId: 'slow' })).toMatchObject({ done: 0, failed: 0 });
    expect(tries).toEqual([1, 2]);
    expect(await jobNamed('test.slow')).toMatchObject({ status: 'done', attempts: 2, lockedBy: 'rescuer' });
  });

  it('runs a periodic job once per period, whoever schedules it', async () => {
    const periodic = [{ name: 'test.tick', everySeconds: 30 }];
    let ticks = 0;
    const definitions: JobDefinitions = { 'test.tick': { exclusive: true, run: async () => void ticks++ } };
    clock.set(new Date('2030-01-07T10:00:05Z'));
    // Three processes looking in the same period enqueue one run.
    await schedulePeriodic(db(), clock.now(), periodic);
    await schedulePeriodic(db(), clock.now(), periodic);
    await runDueJobs(deps(), clock.now(), { definitions, periodic });
    expect(ticks).toBe(1);
    clock.advance(seconds(20));
    await runDueJobs(deps(), clock.now(), { definitions, periodic });
    expect(ticks).toBe(1);
    clock.advance(seconds(10));
    await runDueJobs(deps(), clock.now(), { definitions, periodic });
    expect(ticks).toBe(2);
    expect((await jobsNamed(db(), 'test.tick')).map((j) => [j.uniqueKey, j.status])).toEqual([
      ['2030-01-07T10:00:00.000Z', 'done'],
      ['2030-01-07T10:00:30.000Z', 'done'],
    ]);
  });

  it('never starts an exclusive job while another of its name runs under a live lease', async () => {
    const definitions: JobDefinitions = { 'test.scan': { exclusive: true, run: async () => {} } };
    await enqueue(db(), clock.now(), { name: 'test.scan', uniqueKey: 'a' });
    await db()
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: 'other', lockedUntil: new Date(clock.now().getTime() + seconds(60)) })
      .where(eq(jobs.name, 'test.scan'));
    await enqueue(db(), clock.now(), { name: 'test.scan', uniqueKey: 'b' });
    expect(await runDueJobs(deps(), clock.now(), { definitions })).toMatchObject({ done: 0 });
    // Once the other run is over, the waiting one runs.
    await db().update(jobs).set({ status: 'done' }).where(eq(jobs.uniqueKey, 'a'));
    expect(await runDueJobs(deps(), clock.now(), { definitions })).toMatchObject({ done: 1 });
  });

  it('leaves a job it has no handler for to a worker that knows it (an older release during a deploy)', async () => {
    await enqueue(db(), clock.now(), { name: 'test.newer' });
    expect(await runDueJobs(deps(), clock.now(), { definitions: { 'test.other': { run: async () => {} } } })).toMatchObject({ done: 0 });
    expect(await jobNamed('test.newer')).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await runDueJobs(deps(), clock.now(), { definitions: { 'test.newer': { run: async () => {} } } })).toMatchObject({ done: 1 });
  });
});

describe('the hold sweep, as a periodic job', () => {
  it('gives back the places of holds that ran out, on the app clock', async () => {
    clock.set(new Date());
    const as = await t.sessionFor(demo.email);
    await t.request({ method: 'DELETE', url: '/api/checkout/cart', as });
    const spin = await openSpin(t, as);
    const added = await t.request({
      method: 'POST',
      url: '/api/checkout/cart/add',
      as,
      payload: { items: [{ id: spin.id, type: 'purchasableOccurrence' }] },
    });
    const line = dataOf(added).items[0];
    const held = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(bookings)
          .where(sql`${bookings.cartItemId} = ${line.id} AND ${bookings.status} = 'reserved'`)
      )[0]?.n;
    expect(await held()).toBe(1);
    await runDueJobs(deps(), clock.now(), { definitions: appJobs, periodic: periodicJobs(deps().config) });
    expect(await held()).toBe(1);
    clock.advance(seconds(16 * 60));
    await runDueJobs(deps(), clock.now(), { definitions: appJobs, periodic: periodicJobs(deps().config) });
    expect(await held()).toBe(0);
    expect((await jobsNamed(db(), HOLD_SWEEP_JOB)).every((j) => j.status === 'done')).toBe(true);
  });
});
