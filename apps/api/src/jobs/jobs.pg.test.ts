import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { type Database, openDatabase, queryRows } from '../db/client';
import { jobs } from '../db/schema';
import type { Deps } from '../http/context';
import { systemClock } from '../lib/clock';
import { type TwoApis, twoApisOnPostgres } from '../test/processes';
import { HOLD_SWEEP_JOB } from './handlers';
import { enqueue } from './queue';
import { runDueJobs } from './runner';
import type { JobDefinitions } from './types';

let cluster: TwoApis;
let databaseUrl: string;

/**
 * The job runner on PostgreSQL, where claims really race: the two API processes' own workers running the periodic
 * hold sweep once per period, and two more "nodes" (separate connection pools in this test) claiming the same
 * queue at once.
 */
describe('durable jobs across processes', () => {
  beforeAll(async () => {
    cluster = await twoApisOnPostgres(
      async (db) => {
        const [row] = await queryRows<{ url: string }>(db, sql`SELECT current_database() AS url`);
        databaseUrl = row!.url;
      },
      4,
      { HOLD_SWEEP_SECONDS: '1', JOBS_POLL_SECONDS: '0.2' },
    );
  }, 120_000);

  afterAll(() => cluster?.close());

  it("runs each period's hold sweep once, whichever process gets there first", async () => {
    await new Promise((r) => setTimeout(r, 4000));
    const sweeps = await cluster.database.db.select().from(jobs).where(eq(jobs.name, HOLD_SWEEP_JOB));
    expect(sweeps.length).toBeGreaterThanOrEqual(2);
    const finished = sweeps.filter((j) => j.status !== 'queued' && j.status !== 'running');
    expect(finished.map((j) => [j.status, j.attempts])).toEqual(finished.map(() => ['done', 1]));
    expect(new Set(sweeps.map((j) => j.uniqueKey)).size).toBe(sweeps.length);
  }, 60_000);

  it('runs every job once and an exclusive one never twice at a time, with two nodes claiming at once', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${databaseUrl}`;
    const nodes: Database[] = await Promise.all([1, 2].map(() => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 3 })));
    try {
      const runs = new Map<number, number>();
      let scanning = 0;
      let mostAtOnce = 0;
      let scans = 0;
      const definitions: JobDefinitions = {
        'test.work': {
          run: async (job) => {
            runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
            await new Promise((r) => setTimeout(r, Math.random() * 5));
          },
        },
        'test.scan': {
          exclusive: true,
          run: async () => {
            scanning++;
            scans++;
            mostAtOnce = Math.max(mostAtOnce, scanning);
            await new Promise((r) => setTimeout(r, 20));
            scanning--;
          },
        },
      };
      const now = new Date();
      const { db } = cluster.database;
      for (let i = 0; i < 200; i++) await enqueue(db, now, { name: 'test.work', payload: { i } });
      const config = loadConfig({ NODE_ENV: 'test', JOBS_LEASE_SECONDS: '60' });
      const depsOf = (database: Database) => ({ db: database.db, config, clock: systemClock }) as unknown as Deps;
      // Each node keeps claiming until nothing is left, both at the same time.
      await Promise.all(
        nodes.map(async (node, n) => {
          for (let round = 0; round < 40; round++) {
            // A new period's scan is due on every round of every node, as the periodic schedule would make it.
            await enqueue(node.db, new Date(), { name: 'test.scan', uniqueKey: `${n}-${round}` });
            const ran = await runDueJobs(depsOf(node), new Date(), { definitions, workerId: `node-${n}`, limit: 10 }, 1);
            if (ran.done === 0 && round > 5) break;
          }
        }),
      );
      const work = await db.select().from(jobs).where(eq(jobs.name, 'test.work'));
      expect(work.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
      expect([...runs.values()].every((n) => n === 1)).toBe(true);
      expect(runs.size).toBe(200);
      expect(new Set(work.map((j) => j.lockedBy)).size).toBe(2);
      expect(scans).toBeGreaterThan(5);
      expect(mostAtOnce).toBe(1);
    } finally {
      await Promise.all(nodes.map((n) => n.close()));
    }
  }, 60_000);
});
