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
// PROFILE_DATABASE: a database of one's own on a server other runs share (default bench_profile).
const dbName = process.env.PROFILE_DATABASE ?? 'bench_profile';
const url = new URL(admin);
url.pathname = `/${dbName}`;
const setup = new pg.Client({ connectionString: admin });
await setup.connect();
const exists = (await setup.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount;
if (!exists || process.env.PROFILE_FRESH) {
  await setup.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await setup.query(`CREATE DATABASE "${dbName}"`);
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
// Logged-in calls as the bench's first API process serves them: with the 1 s cache on (TIMETABLE_CACHE_MS, which
// also bounds the shared day of decision 296); visitors' calls on \`app\`, with it off, measure a miss.
const cachedApp = await buildApp({ config: { ...config, timetableCacheMs: Number(process.env.PROFILE_CACHE_MS ?? 1000) }, database });
await cachedApp.ready();

// Tomorrow by default, as the bench asks (PROFILE_DAYS_AHEAD for another day: on a Sunday Harrogate has no spin).
const day = new Date(Date.now() + Number(process.env.PROFILE_DAYS_AHEAD ?? 1) * 86_400_000).toISOString().slice(0, 10);
const path = (a: string) => `/api/activities/venue/harrogate/activity/${a}/v2/timetable?date=${day}`;
const routes: { name: string; url: string; cookie: boolean; as?: string }[] = [
  { name: 'spin, visitor', url: path('spin'), cookie: false },
  { name: 'courts, visitor', url: path('badminton'), cookie: false },
  { name: 'spin, logged in', url: path('spin'), cookie: true },
  { name: 'courts, logged in', url: path('badminton'), cookie: true },
];
// PROFILE_HOLDER=1: also a customer holding bookings and waitlist places on the next three days (bench/lib/dump-people.ts).
if (process.env.PROFILE_HOLDER) {
  const { dumpPeople } = await import('./lib/dump-people');
  const holder = (await dumpPeople(database.db)).customer;
  routes.push(
    { name: 'spin, holder', url: path('spin'), cookie: true, as: holder },
    { name: 'courts, holder', url: path('badminton'), cookie: true, as: holder },
  );
}
const chosen = routes.filter((r) => !only || new RegExp(only, 'i').test(r.name));

// PROFILE_DUMP=<file>: the answers of the next seven days of several activities, for a visitor (cache off and on),
// a customer with nothing booked, a customer with bookings and waitlist places, and staff (plain, the desk's `foh`
// view, and booking for that customer), to compare two versions of the code on the same database (run once on each,
// then diff the files). Customers' calls go to the app with the 1 s cache on, after a visitor's, so a shared day is
// both read and reused (decision 296). Today is left out: a session starting between the two runs would differ.
if (process.env.PROFILE_DUMP) {
  const { dumpPeople } = await import('./lib/dump-people');
  const people = await dumpPeople(database.db);
  const answers: Record<string, unknown> = {};
  const ask = async (target: typeof app, url: string, cookie?: string) => {
    const res = await target.inject({ method: 'GET', url, headers: { host: '127.0.0.1', ...(cookie ? { cookie } : {}) } });
    return { status: res.statusCode, type: res.headers['content-type'], length: res.headers['content-length'], body: res.body };
  };
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
    for (let n = 1; n <= 7; n++) {
      const date = new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
      const url = `/api/activities/venue/harrogate/activity/${activity}/v2/timetable?date=${date}`;
      const key = `${activity} ${date}`;
      answers[`${key} visitor`] = await ask(app, url);
      answers[`${key} visitor cached`] = await ask(cachedApp, url);
      answers[`${key} customer`] = await ask(cachedApp, url, cookies[0]);
      answers[`${key} customer with bookings`] = await ask(cachedApp, url, people.customer);
      answers[`${key} customer with bookings, again`] = await ask(cachedApp, url, people.customer);
      answers[`${key} staff`] = await ask(cachedApp, url, people.staff);
      answers[`${key} staff foh`] = await ask(cachedApp, `${url}&source=foh`, people.staff);
      answers[`${key} staff for the customer`] = await ask(
        cachedApp,
        `${url}&source=foh&selected_user_id=${people.customerId}`,
        people.staff,
      );
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
for (const r of chosen) {
  let calls = 0;
  const started = Date.now();
  const before = statements;
  const cpu = process.cpuUsage();
  let failed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, lane) => {
      while (Date.now() - started < seconds * 1000) {
        const cookie = r.as ?? (r.cookie ? cookies[(calls + lane) % cookies.length] : undefined);
        const res = await (r.cookie ? cachedApp : app).inject({
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
await cachedApp.close();
await database.close();
