import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { clients, sessions, users } from '../db/schema';
import { type Clock, systemClock } from '../lib/clock';
import { newToken, sha256 } from '../lib/ids';
import { testDatabaseName, withDatabase } from './global-setup';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Sends a request as a browser on this client would (JSON, the client header, the session cookie). */
  request(options: InjectOptions & { as?: string }): Promise<LightMyRequestResponse>;
  /** A logged-in session for an existing user, made directly so tests do not pay for scrypt each time. */
  sessionFor(email: string, clientIdentifier?: string): Promise<string>;
  clientId(identifier: string): Promise<number>;
  close(): Promise<void>;
}

/** A fresh clone of the seeded Postgres template, its URL, and how to drop it. */
export async function clonePostgresTemplate(): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL as string;
  const name = testDatabaseName();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  await admin.end();
  return {
    url: withDatabase(url, name),
    drop: async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** A database for one test file: a PGlite loaded from the run's snapshot, or a fresh clone of the Postgres template. */
async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const clone = await clonePostgresTemplate();
    const database = await openDatabase({ kind: 'postgres', url: clone.url, poolSize: 10 });
    return {
      database,
      drop: clone.drop,
    };
  }
  const snapshot = new Blob([await readFile(inject('pgliteSnapshotPath'))]);
  return { database: await openDatabase({ kind: 'pglite', snapshot }), drop: async () => {} };
}

export async function createTestApp(
  options: {
    clock?: Clock;
    env?: Record<string, string>;
    beforeReady?: (app: FastifyInstance) => void;
    logStream?: { write(line: string): void };
    /** What the app logs (errors only unless a test reads the request log). */
    logLevel?: string;
  } = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...options.env });
  // Errors (and only errors) are logged, so a 500 in a test shows its cause.
  const app = await buildApp({
    config,
    database,
    clock: options.clock ?? systemClock,
    logger: { level: options.logLevel ?? 'error', ...(options.logStream ? { stream: options.logStream } : {}) },
  });
  // A test's own hooks (e.g. to see what a handler answered before it was written out).
  options.beforeReady?.(app);
  await app.ready();

  const clientId = async (identifier: string) => {
    const [row] = await database.db.select({ id: clients.id }).from(clients).where(eq(clients.identifier, identifier));
    if (!row) throw new Error(`no client ${identifier}`);
    return row.id;
  };

  return {
    app,
    database,
    clientId,
    request({ as, headers, ...rest }) {
      return app.inject({
        ...rest,
        headers: {
          'client-domain-identifier': 'northfield',
          ...(as ? { cookie: as } : {}),
          ...headers,
        },
      });
    },
    sessionFor: (email, clientIdentifier) => sessionCookieFor(database.db, email, clientIdentifier),
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * A logged-in session for an existing user of a client, made directly in the database (no scrypt), as the cookie
 * a browser would send.
 */
export async function sessionCookieFor(db: Database['db'], email: string, clientIdentifier = 'northfield'): Promise<string> {
  const [user] = await db
    .select({ id: users.id, clientId: users.clientId })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(and(eq(clients.identifier, clientIdentifier), eq(users.email, email)));
  if (!user) throw new Error(`no user ${email} at ${clientIdentifier}`);
  const token = newToken();
  await db
    .insert(sessions)
    // SESSION_DAYS' default lifetime: tests that move a manual clock days ahead (to a session's reminder window, which
    // depends on the weekday the suite runs on) still hold a live session.
    .values({ tokenHash: sha256(token), clientId: user.clientId, userId: user.id, expiresAt: new Date(Date.now() + 30 * 86_400_000) });
  return `${clientIdentifier}_session=${token}`;
}

/** The `data` of an envelope, typed loosely for assertions. */
// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
export const dataOf = (res: LightMyRequestResponse): any => res.json().data;
