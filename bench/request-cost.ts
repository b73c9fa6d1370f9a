// A measuring aid for issue 12 (decision 303), not part of `npm run bench`: the API process's own CPU time per
// request, over real HTTP, for the logged-in basket (`GET /api/checkout/cart`) and a refused add (`POST
// /api/checkout/cart/add` on a full class, the rush's 990), against bare Fastify's `GET /` in the same run. CPU time
// (user + system, from /proc/<pid>/stat) stretches far less than requests/s on a shared machine, and the ratio to the
// bare route, measured in alternating rounds, cancels most of what is left. The load generator runs here, the servers
// in processes of their own. On a fresh PostgreSQL database `bench_request_cost` (REQUEST_COST_DATABASE) on
// DATABASE_URL's server. REQUEST_COST_PROFILE=<dir> runs the API under `--cpu-prof` and writes the measured windows'
// start and end (µs of the monotonic clock the profile uses) to <dir>/windows.json, for bench/lib/profile-self.ts.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/request-cost.ts
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/api/src/db/client';
import { systemClock } from '../apps/api/src/lib/clock';
import { seedDemoIfEmpty } from '../apps/api/src/seed/demo';
import { prepareRush } from './lib/adds';
import { fillBaskets, loggedInCustomers } from './lib/customers';
import { freshDatabase } from './lib/fresh-database';
import { freePort, stop, waitFor } from './lib/measure';

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
const bare = start(path.join(here, 'bare-server.ts'), { PORT: String(barePort) });
const api = start(
  path.join(here, '../apps/api/src/main.ts'),
  {
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    DATABASE_URL: url.toString(),
    LOG_LEVEL: process.env.REQUEST_COST_LOG_LEVEL ?? 'warn',
    WEB_DIST: '/nonexistent',
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    SEED_DEMO: 'false',
    JOBS_WORKER: 'false',
  },
  profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [],
);

/** User plus system CPU time of a process so far, in µs (/proc/<pid>/stat fields 14 and 15, in clock ticks of 10 ms). */
function cpuMicros(child: ChildProcess): number {
  const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

interface Target {
  name: string;
  process: ChildProcess;
  url: string;
  requests?: autocannon.Request[];
  expect: number;
}

const windows: { name: string; from: number; to: number }[] = [];
const micros = () => Number(process.hrtime.bigint() / 1000n);

/** `amount` requests (after a warm-up of a fifth as many): the process's CPU µs per request, and the statuses seen. */
async function cpuPerRequest(t: Target): Promise<number> {
  const load = (n: number) => autocannon({ url: t.url, connections, amount: n, ...(t.requests ? { requests: t.requests } : {}) });
  await load(Math.round(amount / 5));
  const before = cpuMicros(t.process);
  const from = micros();
  const r = await load(amount);
  const to = micros();
  const used = cpuMicros(t.process) - before;
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
  const base = `http://127.0.0.1:${apiPort}/api`;
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  await fillBaskets(
    base,
    cookies,
    [1, 2, 3, 4, 5, 6, 7].map((n) => day(n)),
  );
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
  const targets: Target[] = [
    { name: 'bare Fastify GET /', process: bare, url: `http://127.0.0.1:${barePort}/`, expect: 200 },
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
  ];
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
  }
  if (profileDir) writeFileSync(path.join(profileDir, 'windows.json'), JSON.stringify(windows, null, 2));
} finally {
  await stop(api);
  await stop(bare);
  await database.close();
}
