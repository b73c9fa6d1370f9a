// A measuring aid for issue 12 (decision 303), not part of `npm run bench`: the CPU time each request costs, over
// real HTTP, for the logged-in basket (`GET /api/checkout/cart`), a refused add (`POST /api/checkout/cart/add` on a
// full class, the rush's 990), the bench's logged-in and uncached days, and the bench's reference (bare Fastify and one
// prepared `SELECT 1`), against bare Fastify's `GET /` in the same run. For each: the serving process's CPU, and beside
// it PostgreSQL's (every server process on this machine) and the load generator's over the same window, since all
// three share the same two cores. CPU time (user + system, from /proc/<pid>/stat) stretches far less than requests/s
// on a shared machine, and the ratio to the bare route, measured in alternating rounds, cancels most of what is left.
// The load generator runs here, the servers in processes of their own. On a fresh PostgreSQL database
// `bench_request_cost` (REQUEST_COST_DATABASE) on DATABASE_URL's server; REQUEST_COST_ROUTES=<regex> measures only
// the routes it matches. REQUEST_COST_PROFILE=<dir> runs the API under `--cpu-prof` and writes the measured windows'
// start and end (µs of the monotonic clock the profile uses) to <dir>/windows.json, for bench/lib/profile-self.ts.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/request-cost.ts
import { type ChildProcess, fork } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { systemClock } from '../apps/api/src/lib/clock';
import { seedDemoIfEmpty } from '../apps/api/src/seed/demo';
import { prepareRush } from './lib/adds';
import { fillBaskets, loggedInCustomers } from './lib/customers';
import { freshDatabase } from './lib/fresh-database';
import { dayAhead, firstDayWithSessions, freePort, stop, waitFor } from './lib/measure';

const here = path.dirname(fileURLToPath(import.meta.url));
const admin = process.env.DATABASE_URL;
if (!admin) throw new Error('DATABASE_URL (a PostgreSQL server) is needed');
const amount = Number(process.env.REQUEST_COST_REQUESTS ?? 10_000);
const rounds = Number(process.env.REQUEST_COST_ROUNDS ?? 3);
const connections = Number(process.env.REQUEST_COST_CONNECTIONS ?? 10);
const profileDir = process.env.REQUEST_COST_PROFILE;
const dbName = process.env.REQUEST_COST_DATABASE ?? 'bench_request_cost';

const url = new URL(await freshDatabase(admin, dbName));
const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
await database.migrate();
await seedDemoIfEmpty(database.db, systemClock);
const cookies = await loggedInCustomers(database.db, 50);
// 10 who take the class's places, then 50 who are refused.
const rush = await prepareRush(database.db, 60, 10);

const start = (entry: string, env: Record<string, string>, execArgv: string[] = []): ChildProcess =>
  fork(entry, [], {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx', ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
const barePort = await freePort();
const apiPort = await freePort();
const uncachedPort = await freePort();
const bare = start(path.join(here, 'bare-server.ts'), { PORT: String(barePort), BARE_DATABASE_URL: url.toString() });
const apiEnv = (port: number, env: Record<string, string> = {}) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: url.toString(),
  LOG_LEVEL: process.env.REQUEST_COST_LOG_LEVEL ?? 'warn',
  WEB_DIST: '/nonexistent',
  NODE_ENV: 'production',
  COOKIE_SECURE: 'false',
  SEED_DEMO: 'false',
  JOBS_WORKER: 'false',
  ...env,
});
const api = start(
  path.join(here, '../apps/api/src/main.ts'),
  apiEnv(apiPort),
  profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [],
);
// As the bench has it: a second process with the visitors' 1 s cache off, for the uncached days.
const uncached = start(path.join(here, '../apps/api/src/main.ts'), apiEnv(uncachedPort, { TIMETABLE_CACHE_MS: '0' }));

/** User plus system CPU time of a process so far, in µs (/proc/<pid>/stat fields 14 and 15, in clock ticks of 10 ms). */
function cpuMicrosOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0; // a process that ended between the listing and the read
  }
}
const cpuMicros = (child: ChildProcess): number => cpuMicrosOf(child.pid as number);

/**
 * The CPU of every PostgreSQL server process on this machine so far (µs), when the server runs here: the other half
 * of a request that reads the database, on the same two cores. Backends that end in between are not counted.
 */
function postgresMicros(): Map<number, number> {
  const seen = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    seen.set(Number(entry), cpuMicrosOf(Number(entry)));
  }
  return seen;
}
const postgresUsed = (before: Map<number, number>): number =>
  [...postgresMicros()].reduce((sum, [pid, us]) => sum + (us - (before.get(pid) ?? 0)), 0);

interface Target {
  name: string;
  process: ChildProcess;
  url: string;
  requests?: autocannon.Request[];
  expect: number;
}

const windows: { name: string; from: number; to: number }[] = [];
const micros = () => Number(process.hrtime.bigint() / 1000n);

const postgresPerRequest = new Map<string, number[]>();
const loaderPerRequest = new Map<string, number[]>();

/**
 * `amount` requests (after a warm-up of a fifth as many): the process's CPU µs per request, and the statuses seen.
 * PostgreSQL's and this load generator's CPU over the same window are kept beside it, per request.
 */
async function cpuPerRequest(t: Target): Promise<number> {
  const load = (n: number) => autocannon({ url: t.url, connections, amount: n, ...(t.requests ? { requests: t.requests } : {}) });
  await load(Math.round(amount / 5));
  const before = cpuMicros(t.process);
  const postgresBefore = postgresMicros();
  const loaderBefore = process.cpuUsage();
  const from = micros();
  const r = await load(amount);
  const to = micros();
  const used = cpuMicros(t.process) - before;
  const loader = process.cpuUsage(loaderBefore);
  postgresPerRequest.set(t.name, [...(postgresPerRequest.get(t.name) ?? []), postgresUsed(postgresBefore) / amount]);
  loaderPerRequest.set(t.name, [...(loaderPerRequest.get(t.name) ?? []), (loader.user + loader.system) / amount]);
  windows.push({ name: t.name, from, to });
  const statuses = r.statusCodeStats as unknown as Record<string, { count: number }>;
  const expected = statuses[String(t.expect)]?.count ?? 0;
  if (expected !== amount || r.errors > 0) throw new Error(`${t.name}: ${JSON.stringify(statuses)} errors ${r.errors}`);
  return used / amount;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

try {
  await waitFor(`http://127.0.0.1:${barePort}/`);
  await waitFor(`http://127.0.0.1:${apiPort}/api/client`);
  await waitFor(`http://127.0.0.1:${uncachedPort}/api/client`);
  const base = `http://127.0.0.1:${apiPort}/api`;
  await fillBaskets(base, cookies, [1, 2, 3, 4, 5, 6, 7].map(dayAhead));
  // Statistics as a live database has them, as the bench does (decision 308).
  await database.db.execute(sql`ANALYZE`);
  const addBody = JSON.stringify({ items: [{ id: rush.occurrenceId, type: 'purchasableOccurrence' }] });
  // The rush's headers: a same-site browser's cookie-authenticated change, the client named.
  const addHeaders = (cookie: string) => ({
    cookie,
    'content-type': 'application/json',
    'client-domain-identifier': 'northfield',
    'sec-fetch-site': 'same-origin',
  });
  // Places are taken until the class is full (its online share may be less than its 10 places).
  for (const cookie of rush.cookies.slice(0, 10)) {
    const res = await fetch(`${base}/checkout/cart/add`, { method: 'POST', headers: addHeaders(cookie), body: addBody });
    if (res.status === 409) break;
    if (res.status !== 200) throw new Error(`taking a place failed: ${res.status} ${await res.text()}`);
  }
  // The bench's days: the first of the coming week with spin classes, and the same day's courts.
  const activity = `${base}/activities/venue/harrogate/activity`;
  const { day: spinDay } = await firstDayWithSessions((d) => `${activity}/spin/v2/timetable?date=${d}`);
  const dayPath = (activityName: string) => `/api/activities/venue/harrogate/activity/${activityName}/v2/timetable?date=${spinDay}`;
  const loggedIn = (p: string) => cookies.map((cookie) => ({ method: 'GET' as const, path: p, headers: { cookie } }));
  const allTargets: Target[] = [
    { name: 'bare Fastify GET /', process: bare, url: `http://127.0.0.1:${barePort}/`, expect: 200 },
    {
      name: 'reference: bare Fastify and one prepared SELECT 1',
      process: bare,
      url: `http://127.0.0.1:${barePort}/one-statement`,
      expect: 200,
    },
    {
      name: 'basket GET /api/checkout/cart',
      process: api,
      url: `${base}/checkout/cart`,
      requests: cookies.map((cookie) => ({ method: 'GET', path: '/api/checkout/cart', headers: { cookie } })),
      expect: 200,
    },
    {
      name: 'refused add POST /api/checkout/cart/add',
      process: api,
      url: `${base}/checkout/cart/add`,
      requests: rush.cookies
        .slice(10)
        .map((cookie) => ({ method: 'POST', path: '/api/checkout/cart/add', headers: addHeaders(cookie), body: addBody })),
      expect: 409,
    },
    { name: 'day of classes, logged in', process: api, url: base, requests: loggedIn(dayPath('spin')), expect: 200 },
    { name: 'day of courts, logged in', process: api, url: base, requests: loggedIn(dayPath('badminton')), expect: 200 },
    {
      name: 'day of classes, visitor, 1 s cache off',
      process: uncached,
      url: `http://127.0.0.1:${uncachedPort}${dayPath('spin')}`,
      expect: 200,
    },
    {
      name: 'day of courts, visitor, 1 s cache off',
      process: uncached,
      url: `http://127.0.0.1:${uncachedPort}${dayPath('badminton')}`,
      expect: 200,
    },
  ];
  const only = process.env.REQUEST_COST_ROUTES;
  const targets = allTargets.filter((t, i) => i === 0 || only === undefined || new RegExp(only, 'i').test(t.name));
  const results = new Map<string, number[]>(targets.map((t) => [t.name, []]));
  const ratios = new Map<string, number[]>(targets.map((t) => [t.name, []]));
  // A first pass of each, uncounted, so the first round is not the one that compiles the hot paths.
  for (const t of targets) await cpuPerRequest(t);
  windows.length = 0;
  for (let round = 0; round < rounds; round++) {
    // Alternating with the baseline, as the bench does: bare, basket, bare, add.
    for (const t of targets.slice(1)) {
      const bareUs = await cpuPerRequest(targets[0] as Target);
      const us = await cpuPerRequest(t);
      results.get(targets[0]?.name as string)?.push(bareUs);
      results.get(t.name)?.push(us);
      ratios.get(t.name)?.push(us / bareUs);
    }
  }
  console.log(
    `\n${amount} requests per run, ${connections} connections, ${rounds} rounds; CPU µs per request (median), and × bare (median of each pair)`,
  );
  for (const t of targets) {
    const rs = ratios.get(t.name) ?? [];
    const us = results.get(t.name) ?? [];
    console.log(
      `  ${t.name}: ${median(us).toFixed(0)} µs [${us.map((u) => u.toFixed(0)).join(', ')}]${rs.length ? `, ${median(rs).toFixed(2)} × bare [${rs.map((r) => r.toFixed(2)).join(', ')}]` : ''}`,
    );
    console.log(
      `    beside it: PostgreSQL ${median(postgresPerRequest.get(t.name) ?? [0]).toFixed(0)} µs, the load generator ${median(loaderPerRequest.get(t.name) ?? [0]).toFixed(0)} µs`,
    );
  }
  if (profileDir) writeFileSync(path.join(profileDir, 'windows.json'), JSON.stringify(windows, null, 2));
} finally {
  await stop(api);
  await stop(uncached);
  await stop(bare);
  await database.close();
}
