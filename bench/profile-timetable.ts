// A measuring aid for issue 12 (decision 273), not part of `npm run bench`: the day timetables through
// `app.inject` in one process, so `node --cpu-prof --import tsx bench/profile-timetable.ts` profiles only the API's
// own work (no HTTP, no load generator). It makes (once) the database `bench_profile` on DATABASE_URL's server
// with the demo data and logged-in customers, then calls each route for PROFILE_SECONDS and prints calls/s, the
// process's CPU time per call (steadier than calls/s on a shared machine) and the statements each call sent (pg_stat_statements is not needed: the pool's queries are counted in the process).
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { systemClock } from '../apps/api/src/lib/clock';
import { seedDemoIfEmpty } from '../apps/api/src/seed/demo';
import { loggedInCustomers } from './lib/customers';

const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.PROFILE_SECONDS ?? 5);
const only = process.env.PROFILE_ROUTES;
const url = new URL(admin);
url.pathname = '/bench_profile';
const setup = new pg.Client({ connectionString: admin });
await setup.connect();
const exists = (await setup.query("SELECT 1 FROM pg_database WHERE datname = 'bench_profile'")).rowCount;
if (!exists || process.env.PROFILE_FRESH) {
  await setup.query('DROP DATABASE IF EXISTS bench_profile WITH (FORCE)');
  await setup.query('CREATE DATABASE bench_profile');
}
await setup.end();

// Count every statement the pool sends.
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  if (process.env.DEBUG_SQL) console.log(String((args[0] as { text?: string }).text ?? args[0]).slice(0, 120));
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

process.env.DATABASE_URL = url.toString();
process.env.TIMETABLE_CACHE_MS = '0';
process.env.LOG_LEVEL = 'warn';
process.env.WEB_DIST = '/nonexistent';
process.env.NODE_ENV = 'production';
process.env.COOKIE_SECURE = 'false';
const config = loadConfig();
const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: config.databasePoolSize });
await database.migrate();
await seedDemoIfEmpty(database.db, systemClock);
const cookies = await loggedInCustomers(database.db, 50);
const app = await buildApp({ config, database });
await app.ready();

// Tomorrow by default, as the bench asks (PROFILE_DAYS_AHEAD for another day: on a Sunday Harrogate has no spin).
const day = new Date(Date.now() + Number(process.env.PROFILE_DAYS_AHEAD ?? 1) * 86_400_000).toISOString().slice(0, 10);
const path = (a: string) => `/api/activities/venue/harrogate/activity/${a}/v2/timetable?date=${day}`;
const routes = [
  { name: 'spin, visitor', url: path('spin'), cookie: false },
  { name: 'courts, visitor', url: path('badminton'), cookie: false },
  { name: 'spin, logged in', url: path('spin'), cookie: true },
  { name: 'courts, logged in', url: path('badminton'), cookie: true },
].filter((r) => !only || new RegExp(only, 'i').test(r.name));

// PROFILE_DUMP=<file>: the answers of a week of several activities, for a visitor and a customer, to compare two
// versions of the code on the same database (run once on each, then diff the files).
if (process.env.PROFILE_DUMP) {
  const answers: Record<string, unknown> = {};
  for (const activity of [
    'spin',
    'badminton',
    'racket-sports',
    'fitness-classes',
    'yoga',
    'swimming',
    'public-swim',
    'swimming-lessons',
    'gym',
    'holiday-camps',
  ])
    for (let n = 0; n < 7; n++) {
      const date = new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
      for (const cookie of [undefined, cookies[0]]) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/activities/venue/harrogate/activity/${activity}/v2/timetable?date=${date}`,
          headers: { host: '127.0.0.1', ...(cookie ? { cookie } : {}) },
        });
        answers[`${activity} ${date} ${cookie ? 'customer' : 'visitor'}`] = { status: res.statusCode, body: res.json() };
      }
    }
  const { writeFile } = await import('node:fs/promises');
  await writeFile(process.env.PROFILE_DUMP, JSON.stringify(answers, null, 1));
}
const concurrency = 4;
if (process.env.PROFILE_DEBUG) {
  const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { host: '127.0.0.1', cookie: cookies[0] as string } });
  console.log(me.statusCode, me.body.slice(0, 200));
  process.env.DEBUG_SQL = '1';
}
for (const r of routes) {
  let calls = 0;
  const started = Date.now();
  const before = statements;
  const cpu = process.cpuUsage();
  let failed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, lane) => {
      while (Date.now() - started < seconds * 1000) {
        const cookie = r.cookie ? cookies[(calls + lane) % cookies.length] : undefined;
        const res = await app.inject({
          method: 'GET',
          url: r.url,
          headers: { host: '127.0.0.1', ...(cookie ? { cookie } : {}) },
        });
        if (res.statusCode !== 200) failed++;
        calls++;
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  console.log(
    `${r.name.padEnd(20)} ${(calls / elapsed).toFixed(0).padStart(6)} calls/s  ${((used.user + used.system) / calls / 1000).toFixed(2)} CPU ms/call  ${((statements - before) / calls).toFixed(2)} statements/call${failed ? `  ${failed} failed` : ''}`,
  );
}
await app.close();
await database.close();
