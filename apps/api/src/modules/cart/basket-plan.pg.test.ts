import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { openBasketQuery } from './queries';

/**
 * The basket read is a prepared statement, so PostgreSQL settles on one plan for all its executions (decision 270).
 * That plan must be able to find the owner's open basket through the partial index of open baskets: with the status
 * bound as a parameter it could not (a plan made for any status cannot use an index of open ones), and with many
 * baskets PostgreSQL would scan them all or plan the statement on every read. The test gives the database what a
 * live one has, many completed baskets and their statistics, inside a transaction it rolls back.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("finds the owner's open basket through the open baskets' index in a plan made for every execution", async () => {
  const { sql: text } = openBasketQuery(t.database.db);
  const client = await (t.database.db as unknown as { $client: pg.Pool }).$client.connect();
  try {
    await client.query('BEGIN');
    await client.query(`INSERT INTO carts (client_id, user_id, source, status)
      SELECT u.client_id, u.id, 'activity-booking', 'completed' FROM users u, generate_series(1, 5000 / greatest((SELECT count(*) FROM users), 1) + 1)`);
    await client.query('ANALYZE carts');
    await client.query('SET LOCAL plan_cache_mode = force_generic_plan');
    await client.query(`PREPARE basket_plan_probe AS ${text}`);
    const now = new Date().toISOString();
    const plan = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (COSTS OFF) EXECUTE basket_plan_probe('${now}', '${now}', 1, 1, 'activity-booking')`,
    );
    const lines = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(lines).toMatch(/Index Scan using carts_open_idx on carts/);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.query('DEALLOCATE ALL').catch(() => undefined);
    client.release();
  }
});
