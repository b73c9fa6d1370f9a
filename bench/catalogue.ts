// `npm run bench:catalogue`: the timetable and the occurrences list on PostgreSQL with a year of sessions at 20 venues
// (about 500,000 occurrences), against a bare Fastify route in the same run. Needs BENCH_DATABASE_URL (or
// TEST_DATABASE_URL): a PostgreSQL where it may create the database `bench_catalogue`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { systemClock } from '../apps/api/src/lib/clock';
import { sha256 } from '../apps/api/src/lib/ids';
import { seedDemoIfEmpty } from '../apps/api/src/seed/demo';
import { freshDatabase } from './lib/fresh-database';
import { seedLargeTimetable } from './lib/large-seed';
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
const url = new URL(await freshDatabase(admin, 'bench_catalogue'));
const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
await database.migrate();
await seedDemoIfEmpty(database.db, systemClock);
await database.close();
const started = Date.now();
const total = await seedLargeTimetable(url.toString());
console.log(`${total} occurrences in ${((Date.now() - started) / 1000).toFixed(1)} s`);
// A logged-in customer (the demo's): their timetable carries their own booking state, so it is never cached.
const customerToken = 'bench-customer-session';
const login = new pg.Client({ connectionString: url.toString() });
await login.connect();
await login.query(
  `INSERT INTO sessions (token_hash, client_id, user_id, expires_at)
   SELECT $1, u.client_id, u.id, now() + interval '1 day' FROM users u JOIN clients c ON c.id = u.client_id
   WHERE c.identifier = 'northfield' AND u.email = 'demo@example.com'`,
  [sha256(customerToken)],
);
await login.end();
const customer = [`northfield_session=${customerToken}`];

const barePort = await freePort();
const bare = startProcess(path.join(here, 'bare-server.ts'), { PORT: String(barePort) });
const apiProcess = async (env: Record<string, string>) => {
  const port = await freePort();
  const child = startProcess(path.join(here, '../apps/api/src/main.ts'), {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: url.toString(),
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    SEED_DEMO: 'false',
    ...env,
  });
  return { port, child };
};
// The same app twice: as configured by default (visitors' timetables cached for 1 s) and with that cache off.
const cached = await apiProcess({});
const uncached = await apiProcess({ TIMETABLE_CACHE_MS: '0' });
try {
  await waitFor(`http://127.0.0.1:${barePort}/`);
  await waitFor(`http://127.0.0.1:${cached.port}/api/client`);
  await waitFor(`http://127.0.0.1:${uncached.port}/api/client`);
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const next = new Date(Date.now() + 31 * 86_400_000).toISOString().slice(0, 10);
  const on = `http://127.0.0.1:${cached.port}/api`;
  const off = `http://127.0.0.1:${uncached.port}/api`;
  const classes = `/activities/venue/bench-7/activity/spin/v2/timetable?date=${day}`;
  const courts = `/activities/venue/bench-7/activity/badminton/v2/timetable?date=${day}`;
  const { baseline, results } = await compareAll(
    { name: 'bare Fastify `GET /` (baseline)', url: `http://127.0.0.1:${barePort}/` },
    [
      { name: 'day timetable, classes (2 sessions), visitor: as deployed', url: `${on}${classes}` },
      { name: 'day timetable, classes, with the 1 s visitor cache off', url: `${off}${classes}` },
      { name: 'day timetable, courts (56 sessions), visitor: as deployed', url: `${on}${courts}` },
      { name: 'day timetable, courts, with the 1 s visitor cache off', url: `${off}${courts}` },
      { name: 'day timetable, classes, logged-in customer: as deployed', url: `${on}${classes}`, cookies: customer },
      { name: 'day timetable, courts, logged-in customer: as deployed', url: `${on}${courts}`, cookies: customer },
      {
        name: 'occurrences list: one venue, one type, one day',
        url: `${off}/v1/activities/occurrences?venue_ids[]=${7 + 6}&booking_types[]=ticketed&starts_after=${day}T00:00:00Z&starts_before=${next}T00:00:00Z`,
      },
    ],
    { seconds, connections, rounds },
  );
  const table = await writeSection(
    'catalogue',
    'Timetables on PostgreSQL with a year of sessions at 20 venues',
    `${total.toLocaleString('en-GB')} occurrences; ${connections} connections, ${seconds} s per run after a 2 s warm-up, ${rounds} rounds alternating with the baseline (medians; the ratio is the median of each round's ratio); each API process on PostgreSQL 15 on the same machine. Target: the classes timetable p50 ≤ 10 ms and ≥ 40% of the baseline's requests/s.`,
    baseline,
    results,
  );
  console.log(table);
} finally {
  await Promise.all([stop(bare), stop(cached.child), stop(uncached.child)]);
}
