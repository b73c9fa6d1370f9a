import { sql } from 'drizzle-orm';
import type { TestApp } from './harness';

/**
 * Tables that change for reasons other than a request's input: the caller's own sessions, background jobs, failed
 * logins (a refused login counts towards throttling whatever was typed, decision 051) and a staff desk's last
 * activity (reading the console counts, decision 125).
 */
const UNWATCHED = new Set(['sessions', 'jobs', 'login_failures', 'staff_desk_activity']);

/** The rows of a raw query, on either driver. */
const rowsOf = async <T>(t: TestApp, query: ReturnType<typeof sql.raw>): Promise<T[]> =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Row count and an order-free checksum of every business table, in one query: what a fuzzer compares before and
 * after sending bad input, which must change nothing.
 */
export async function tableSnapshotter(t: TestApp): Promise<() => Promise<Record<string, string>>> {
  const tables = await rowsOf<{ name: string }>(
    t,
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const query = `SELECT ${tables
    .filter(({ name }) => !UNWATCHED.has(name))
    .map(({ name }) => `(SELECT count(*) || ':' || coalesce(sum(hashtext(x::text)::bigint), 0) FROM "${name}" x) AS "${name}"`)
    .join(', ')}`;
  return async () => (await rowsOf<Record<string, string>>(t, sql.raw(query)))[0] ?? {};
}

/** The tables whose snapshot differs. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>): string[] =>
  Object.keys(after).filter((table) => after[table] !== before[table]);
