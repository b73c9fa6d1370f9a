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

export const TEMPLATE_DB = 'booking_test_template';

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
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, TEMPLATE_DB), poolSize: 2 });
    await database.migrate();
    await seedDemoIfEmpty(database.db, systemClock);
    await database.close();
    project.provide('postgresTemplate', TEMPLATE_DB);
    project.provide('pgliteSnapshotPath', '');
    return;
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
