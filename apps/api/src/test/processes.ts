import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Database, openDatabase } from '../db/client';
import { clonePostgresTemplate } from './harness';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A port nobody is listening on, from the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ApiProcess {
  url: string;
  stop(): Promise<void>;
}

/** Starts a real API process (the production entry point) on a database URL, and waits until it answers. */
export async function startApiProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(path.join(apiRoot, '../../node_modules/.bin/tsx'), ['src/main.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API process exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/client`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('API process did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Two API processes on a fresh clone of the seeded PostgreSQL template, and a pool on it for setting up and checking. */
export interface TwoApis {
  database: Database;
  apis: [ApiProcess, ApiProcess];
  close(): Promise<void>;
}

/**
 * What a concurrency test stands on: clones the template, runs `setUp` on it (the rows the test needs), then starts
 * two real API processes on it. `close` stops them and drops the clone; a failed start undoes what it did.
 */
export async function twoApisOnPostgres(setUp: (db: Database['db']) => Promise<void>, poolSize = 4): Promise<TwoApis> {
  const clone = await clonePostgresTemplate();
  const database = await openDatabase({ kind: 'postgres', url: clone.url, poolSize });
  const started: ApiProcess[] = [];
  const close = async () => {
    await Promise.all(started.map((a) => a.stop()));
    await database.close();
    await clone.drop();
  };
  try {
    await setUp(database.db);
    started.push(...(await Promise.all([startApiProcess(clone.url), startApiProcess(clone.url)])));
  } catch (e) {
    await close();
    throw e;
  }
  return { database, apis: started as [ApiProcess, ApiProcess], close };
}
