// `npm run bench:customer-search`: the desk's as-you-type customer search (GET /api/staff/customers?q=) on PostgreSQL
// with 100,000 customers at one client, against a bare Fastify route in the same run (decision 127). Needs
// BENCH_DATABASE_URL (or TEST_DATABASE_URL): a PostgreSQL where it may create the database `bench_customer_search`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { systemClock } from '../apps/api/src/lib/clock';
import { sha256 } from '../apps/api/src/lib/ids';
import { seedDemoIfEmpty } from '../apps/api/src/seed/demo';
import { freshDatabase } from './lib/fresh-database';
import { compareAll, freePort, startProcess, stop, waitFor } from './lib/measure';
import { writeSection } from './lib/report';

const here = path.dirname(fileURLToPath(import.meta.url));
const admin = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!admin) {
  console.error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL the bench may create a database on.');
  process.exit(1);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const customers = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const url = new URL(await freshDatabase(admin, 'bench_customer_search'));
const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
await database.migrate();
await seedDemoIfEmpty(database.db, systemClock);
await database.close();

// 100,000 customers at northfield with varied names, emails, phones and barcodes, in one statement.
const started = Date.now();
const db = new pg.Client({ connectionString: url.toString() });
await db.connect();
await db.query(
  `INSERT INTO users (client_id, reference, role, email, password_hash, first_name, last_name, phone, barcode, source, onboarding_type)
   SELECT c.id, 'NFB' || lpad(g::text, 8, '0'), 'customer', 'bench' || g || '@example.invalid', '!',
     (ARRAY['Oliver','Amelia','George','Isla','Harry','Ava','Noah','Mia','Jack','Ivy','Leo','Freya','Arthur','Lily','Muhammad','Grace'])[1 + g % 16],
     (ARRAY['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Patel','Robinson','Wright','Thompson','Evans','Walker','White','Roberts','Green','Hall','Khan','Clarke'])[1 + (g / 16) % 20]
       || CASE WHEN g % 3 = 0 THEN '' ELSE chr(97 + g % 26) || chr(97 + (g / 26) % 26) END,
     '07' || lpad((g * 7919 % 1000000000)::text, 9, '0'), 'BC' || lpad(g::text, 10, '0'), 'foh', 'customer_account_foh'
   FROM generate_series(1, $1::int) AS g, clients c WHERE c.identifier = 'northfield'`,
  [customers],
);
await db.query('ANALYZE users');
console.log(`${customers} customers in ${((Date.now() - started) / 1000).toFixed(1)} s`);
// The demo receptionist's desk session; the desk timeout set long enough for the whole run.
const staffToken = 'bench-staff-session';
await db.query(
  `INSERT INTO sessions (token_hash, client_id, user_id, expires_at)
   SELECT $1, u.client_id, u.id, now() + interval '1 day' FROM users u JOIN clients c ON c.id = u.client_id
   WHERE c.identifier = 'northfield' AND u.email = 'staff@example.com'`,
  [sha256(staffToken)],
);
await db.query(
  `INSERT INTO staff_settings (client_id, desk_idle_minutes) SELECT id, 480 FROM clients WHERE identifier = 'northfield'
   ON CONFLICT (client_id) DO UPDATE SET desk_idle_minutes = 480`,
);
const northfield = (await db.query(`SELECT id FROM clients WHERE identifier = 'northfield'`)).rows[0].id as number;
// The plan of the broad surname arm as the API runs it: an index range scan in the index's order, stopped at 20 rows.
const plan = await db.query(
  `EXPLAIN ANALYZE SELECT id FROM users WHERE client_id = ${northfield} AND id IN (
     (SELECT id FROM users WHERE client_id = ${northfield} AND role = 'customer' AND lower(last_name) LIKE 'wils%'
      ORDER BY lower(last_name) USING ~<~ LIMIT 20)
     UNION (SELECT id FROM users WHERE client_id = ${northfield} AND role = 'customer' AND barcode = 'wils' LIMIT 20))
   ORDER BY lower(last_name), lower(first_name), id LIMIT 20`,
);
const planText = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
console.log(planText);
await db.end();
const desk = [`northfield_session=${staffToken}`];

const barePort = await freePort();
const bare = startProcess(path.join(here, 'bare-server.ts'), { PORT: String(barePort) });
const apiPort = await freePort();
const api = startProcess(path.join(here, '../apps/api/src/main.ts'), {
  PORT: String(apiPort),
  HOST: '127.0.0.1',
  DATABASE_URL: url.toString(),
  LOG_LEVEL: 'warn',
  WEB_DIST: '/nonexistent',
  NODE_ENV: 'production',
  COOKIE_SECURE: 'false',
  SEED_DEMO: 'false',
});
try {
  await waitFor(`http://127.0.0.1:${barePort}/`);
  await waitFor(`http://127.0.0.1:${apiPort}/api/client`);
  const search = (q: string) => `http://127.0.0.1:${apiPort}/api/staff/customers?q=${encodeURIComponent(q)}`;
  const { baseline, results } = await compareAll(
    { name: 'bare Fastify `GET /` (baseline)', url: `http://127.0.0.1:${barePort}/` },
    [
      { name: 'surname prefix "wils" (5,000 match, first 20)', url: search('wils'), cookies: desk },
      { name: 'surname prefix "wilsonbc" (a few match)', url: search('wilsonbc'), cookies: desk },
      { name: 'first name and surname "ava kh"', url: search('ava kh'), cookies: desk },
      { name: 'email prefix "bench4242"', url: search('bench4242'), cookies: desk },
      { name: 'phone "07 0012"', url: search('07 0012'), cookies: desk },
      { name: 'barcode "BC0000042424"', url: search('BC0000042424'), cookies: desk },
      { name: 'no match "zzzq"', url: search('zzzq'), cookies: desk },
    ],
    { seconds, connections, rounds },
  );
  const table = await writeSection(
    'customer-search',
    "The desk's customer search on PostgreSQL with 100,000 customers",
    `${customers.toLocaleString('en-GB')} customers at one client; as the demo receptionist (each request also checks the staff role and the desk's idle time); ${connections} connections, ${seconds} s per run after a 2 s warm-up, ${rounds} rounds alternating with the baseline (medians; the ratio is the median of each round's ratio); the API on PostgreSQL on the same machine. Target: p50 in milliseconds (an index range scan per arm, decision 127).`,
    baseline,
    results,
    `Plan of the surname arm with the barcode arm for "wils" (EXPLAIN ANALYZE, before the load):\n\n\`\`\`\n${planText}\n\`\`\``,
  );
  console.log(table);
} finally {
  await Promise.all([stop(bare), stop(api)]);
}
