import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Queries take either the database or a transaction, so a service decides the transaction boundary. */
export type Conn = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the migrations (and anything else passed) once, even when several API processes start together. */
  migrate(): Promise<void>;
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** An arbitrary, fixed advisory-lock key for start-up work. */
const STARTUP_LOCK = 727_001;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; snapshot?: Blob | File };

// Each driver is imported when a database of its kind opens: a start on one does not load the other (decision 279).
const pgliteDriver = async () => {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  return { PGlite, drizzle, migrate };
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder }),
      async withStartupLock(fn) {
        const conn = await pool.connect();
        try {
          await conn.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
          return await fn();
        } finally {
          await conn.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
          conn.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const { PGlite, drizzle: drizzlePglite, migrate: migratePglite } = await pgliteDriver();
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    // PGlite has one connection in one process: nothing else can start alongside.
    withStartupLock: (fn) => fn(),
    close: () => client.close(),
  };
}

/** For the test harness: a migrated PGlite database as a tarball that later databases load in well under a second. */
export async function pgliteSnapshot(prepare: (db: Database) => Promise<void>): Promise<Blob> {
  const { PGlite, drizzle: drizzlePglite, migrate: migratePglite } = await pgliteDriver();
  const client = await PGlite.create();
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  const database: Database = {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    withStartupLock: (fn) => fn(),
    close: () => client.close(),
  };
  await database.migrate();
  await prepare(database);
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

/** Rows of a raw SQL statement; both drivers answer with `{ rows }`. */
export async function queryRows<T>(conn: Conn, query: SQL): Promise<T[]> {
  const result = (await conn.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * One prepared statement (or set of them) per database handle, made on first use: every hot read keeps its own
 * prepared statements per connection pool rather than building and planning the query on each call.
 */
export function perDatabase<T>(prepare: (db: Conn) => T): (db: Conn) => T {
  const made = new WeakMap<Conn, T>();
  return (db) => {
    let found = made.get(db);
    if (!found) {
      found = prepare(db);
      made.set(db, found);
    }
    return found;
  };
}
