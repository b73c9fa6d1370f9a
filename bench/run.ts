// `npm run bench`: the hot calls of the API (visitors' and logged-in customers' day timetables, the session check,
// the basket) against a bare Fastify route, measured in one run on this machine, and both processes' memory.
// Results replace the "timetable" section of docs/benchmarks.md. DATABASE_URL selects PostgreSQL instead of PGlite.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../apps/api/src/db/client';
import { systemClock } from '../apps/api/src/lib/clock';
import { seedDemoIfEmpty } from '../apps/api/src/seed/demo';
import { fillBaskets, loggedInCustomers } from './lib/customers';
import { compareAll, freePort, type Route, replay, startProcess, stop, waitFor } from './lib/measure';
import { sample } from './lib/memory';
import { memoryTable, writeSection } from './lib/report';

const here = path.dirname(fileURLToPath(import.meta.url));
// The defaults keep the whole run (two load passes over six routes) near four minutes on this machine.
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const warmUp = Number(process.env.BENCH_WARMUP ?? 1);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 50);
const databaseUrl = process.env.DATABASE_URL;

// The database is made ready before the API opens it (a PGlite directory admits one process at a time): migrated,
// the demo data, and the bench's logged-in customers.
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-data-'));
const database = await openDatabase(databaseUrl ? { kind: 'postgres', url: databaseUrl, poolSize: 2 } : { kind: 'pglite', dataDir });
await database.migrate();
await seedDemoIfEmpty(database.db, systemClock);
const cookies = await loggedInCustomers(database.db, customerCount);
await database.close();

const barePort = await freePort();
const bare = startProcess(path.join(here, 'bare-server.ts'), { PORT: String(barePort) }, { memoryProbe: true });
const apiPort = await freePort();
const api = startProcess(
  path.join(here, '../apps/api/src/main.ts'),
  {
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
  },
  { memoryProbe: true },
);

try {
  await waitFor(`http://127.0.0.1:${barePort}/`);
  await waitFor(`http://127.0.0.1:${apiPort}/api/client`);
  const atStart = { api: await sample(api), bare: await sample(bare) };

  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const base = `http://127.0.0.1:${apiPort}/api`;
  const items = await fillBaskets(
    base,
    cookies,
    [1, 2, 3, 4, 5, 6, 7].map((n) => day(n)),
  );
  const activity = `${base}/activities/venue/harrogate/activity`;
  const spin = `${activity}/spin/v2/timetable?date=${day(1)}`;
  const courts = `${activity}/badminton/v2/timetable?date=${day(1)}`;
  const routes: Route[] = [
    { name: 'day timetable, visitor `GET .../activity/spin/v2/timetable`', url: spin },
    { name: 'day of courts (45 sessions), visitor `GET .../activity/badminton/v2/timetable`', url: courts },
    { name: 'session check, logged in `GET /api/auth/user`', url: `${base}/auth/user`, cookies },
    { name: 'basket (1–2 classes), logged in `GET /api/checkout/cart`', url: `${base}/checkout/cart`, cookies },
    { name: 'day timetable, logged in `GET .../activity/spin/v2/timetable`', url: spin, cookies },
    { name: 'day of courts, logged in `GET .../activity/badminton/v2/timetable`', url: courts, cookies },
  ];
  const options = { seconds, warmUp, connections, rounds };
  const { baseline, results } = await compareAll(
    { name: 'bare Fastify `GET /` (baseline)', url: `http://127.0.0.1:${barePort}/` },
    routes,
    options,
  );
  const afterFirst = { api: await sample(api), bare: await sample(bare) };
  await replay(routes, options);
  const afterSecond = await sample(api);

  // One decimal: the logged-in share can be around 1%, where whole percents say nothing.
  const share = (logged: number, visitor: number) =>
    `${(((results[logged]?.requestsPerSecond ?? 0) / (results[visitor]?.requestsPerSecond ?? 1)) * 100).toFixed(1)}%`;
  const growth = afterSecond.rss - afterFirst.api.rss;
  const after = [
    `Rows: the visitor timetables are what anyone browsing gets (answers cached for 1 s per process, decision 014); the logged-in rows are ${customerCount} distinct customers (sessions made in the database, each connection cycling through all of them) with ${items} classes in their baskets between them: the session check every open tab repeats every 5 s, the basket, and the same two timetables, which a customer always gets fresh because they carry their own booking state. This run: a logged-in spin timetable served ${share(4, 0)} of a visitor's requests/s, a logged-in day of courts ${share(5, 1)}.`,
    '',
    `Memory of the API process against the baseline's at the same point: RSS from \`/proc/<pid>/status\` (VmRSS), read from outside; V8 heap used after a full collection, asked over the bench's IPC channel of a probe only the bench loads (\`bench/lib/memory-probe.ts\`, with \`--expose-gc\`), so the app exposes nothing new. The second pass repeats the API's whole load of the first (without the baseline runs in between); steady growth between the two would be a leak.`,
    '',
    memoryTable([
      { name: 'after start-up', server: atStart.api, baseline: atStart.bare },
      { name: 'after the first load pass', server: afterFirst.api, baseline: afterFirst.bare },
      { name: 'after a second identical pass', server: afterSecond },
    ]),
    '',
    `RSS from the first pass to the second: ${growth >= 0 ? '+' : ''}${(growth / 1024 / 1024).toFixed(1)} MB (${((growth / afterFirst.api.rss) * 100).toFixed(1)}%).`,
  ].join('\n');
  const table = await writeSection(
    'timetable',
    'Hot calls, visitor and logged in, against bare Fastify',
    `${connections} connections, ${seconds} s per run after a ${warmUp} s warm-up, ${rounds} rounds alternating with the baseline (medians; the ratio is the median of each round's ratio), autocannon; API on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} with the demo data.`,
    baseline,
    results,
    after,
  );
  console.log(table);
} finally {
  await Promise.all([stop(bare), stop(api)]);
  await rm(dataDir, { recursive: true, force: true });
}
