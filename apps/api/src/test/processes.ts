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
  /** Asks the process to shut down (SIGTERM) and waits until it has. */
  stop(): Promise<void>;
  /** Kills the process outright (SIGKILL), as a crash or an out-of-memory kill would: nothing runs on the way out. */
  kill(): Promise<void>;
}

/**
 * Starts a real API process (the production entry point) on a database URL, and waits until it answers. Node runs
 * main.ts itself (tsx as a loader, not as a wrapper process), so a signal reaches the API and nothing else.
 */
export async function startApiProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
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
  // tsx compiles the API on start, which takes tens of seconds on a loaded 2-core machine.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`API process exited with ${child.exitCode ?? child.signalCode}`);
    try {
      if ((await fetch(`${url}/api/client`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('API process did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const end = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  return { url, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}

/** Two API processes on a fresh clone of the seeded PostgreSQL template, and a pool on it for setting up and checking. */
export interface TwoApis {
  database: Database;
  apis: [ApiProcess, ApiProcess];
  /** Starts one more API process on the same database (stopped by close), e.g. after killing one. */
  start(env?: Record<string, string>): Promise<ApiProcess>;
  close(): Promise<void>;
}

/**
 * What a concurrency test stands on: clones the template, runs `setUp` on it (the rows the test needs), then starts
 * two real API processes on it, with `env` added to their settings. `close` stops them and drops the clone; a failed
 * start undoes what it did.
 */
export async function twoApisOnPostgres(
  setUp: (db: Database['db']) => Promise<void>,
  poolSize = 4,
  env: Record<string, string> = {},
): Promise<TwoApis> {
  const clone = await clonePostgresTemplate();
  const database = await openDatabase({ kind: 'postgres', url: clone.url, poolSize });
  const started: ApiProcess[] = [];
  const close = async () => {
    await Promise.all(started.map((a) => a.stop()));
    await database.close();
    await clone.drop();
  };
  const start = async (more: Record<string, string> = {}) => {
    const api = await startApiProcess(clone.url, { ...env, ...more });
    started.push(api);
    return api;
  };
  try {
    await setUp(database.db);
    await Promise.all([start(), start()]);
  } catch (e) {
    await close();
    throw e;
  }
  return { database, apis: [started[0], started[1]] as [ApiProcess, ApiProcess], start, close };
}
