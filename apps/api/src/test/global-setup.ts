import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteSnapshot } from '../db/client';
import { systemClock } from '../lib/clock';
import { seedDemoIfEmpty } from '../seed/demo';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
    postgresTemplate: string;
  }
}

/** Test databases are named `booking_test_<epoch seconds>_<random>`, so a run never touches another run's. */
const TEST_DB_PREFIX = 'booking_test_';
export const testDatabaseName = (): string => `${TEST_DB_PREFIX}${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
/** Runs killed before their teardown leave databases behind; anything older than this is theirs. */
const STALE_SECONDS = 6 * 3600;

/** Replaces the database name of a connection URL. */
export const withDatabase = (url: string, name: string): string => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/**
 * Migrates and seeds once per run: a PGlite snapshot that each test file loads in under a second, or, on
 * PostgreSQL, a template database each test file clones with CREATE DATABASE ... TEMPLATE.
 */
export default async function setup(project: TestProject) {
  // test.env reaches the workers, not this process: the project's name says which database it runs on.
  if (project.name === 'api-postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const template = testDatabaseName();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${TEST_DB_PREFIX}%`,
    ]);
    const now = Math.floor(Date.now() / 1000);
    for (const { datname } of rows) {
      const made = Number(datname.slice(TEST_DB_PREFIX.length).split('_')[0]);
      if (Number.isFinite(made) && now - made > STALE_SECONDS) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, template), poolSize: 2 });
    await database.migrate();
    await seedDemoIfEmpty(database.db, systemClock);
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteSnapshotPath', '');
    return async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await a.end();
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'booking-test-'));
  const file = path.join(dir, 'snapshot.tar');
  const snapshot = await pgliteSnapshot(async (database) => {
    await seedDemoIfEmpty(database.db, systemClock);
  });
  await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshotPath', file);
  project.provide('postgresTemplate', '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
