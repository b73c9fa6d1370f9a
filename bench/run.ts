// `npm run bench`: the hot calls of the API (visitors' and logged-in customers' day timetables, the session check,
// the basket) against a bare Fastify route, measured in one run on this machine, and both processes' memory.
// Results replace the "timetable" section of docs/benchmarks.md. DATABASE_URL selects PostgreSQL instead of PGlite:
// the bench then makes (drops and creates) the database `bench_hot` (or BENCH_DATABASE) on that server, adds the visitor timetables with
// the 1 s cache off (a second API process), and runs the rush: 1,000 customers pressing Add at once for one 10-place
// class across the two processes (the "adds" section). `BENCH_ROUTES=<regex>` runs only the routes whose names match
// (`BENCH_ROUTES=none`: the rush alone) and writes nothing: a trial while working on one call.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { systemClock } from '../apps/api/src/lib/clock';
import { seedDemoIfEmpty } from '../apps/api/src/seed/demo';
import { bareRush, prepareRush, rush } from './lib/adds';
import { fillBaskets, loggedInCustomers } from './lib/customers';
import { freshDatabase } from './lib/fresh-database';
import { compareAll, dayAhead, firstDayWithSessions, freePort, type Route, replay, startProcess, stop, waitFor } from './lib/measure';
import { sample } from './lib/memory';
import { memoryTable, trialRun, writeRawSection, writeSection } from './lib/report';

const here = path.dirname(fileURLToPath(import.meta.url));
// The defaults keep the whole run (two load passes over six routes) near four minutes on this machine.
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const warmUp = Number(process.env.BENCH_WARMUP ?? 1);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 50);
const rushCallers = Number(process.env.BENCH_RUSH_CALLERS ?? 1000);
const rushPlaces = Number(process.env.BENCH_RUSH_PLACES ?? 10);

// Two benches at once (two people's branches on one machine) each need their own database: BENCH_DATABASE names it.
const benchDatabase = process.env.BENCH_DATABASE ?? 'bench_hot';

// On PostgreSQL, a database of the bench's own on DATABASE_URL's server, made afresh for each run.
const databaseUrl = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL, benchDatabase) : undefined;

// The database is made ready before the API opens it (a PGlite directory admits one process at a time): migrated,
// the demo data, and the bench's logged-in customers.
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-data-'));
const database = await openDatabase(databaseUrl ? { kind: 'postgres', url: databaseUrl, poolSize: 2 } : { kind: 'pglite', dataDir });
await database.migrate();
await seedDemoIfEmpty(database.db, systemClock);
const cookies = await loggedInCustomers(database.db, customerCount);
await database.close();

const startLoad = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(', ');
const barePort = await freePort();
const bare = startProcess(
  path.join(here, 'bare-server.ts'),
  { PORT: String(barePort), ...(databaseUrl ? { BARE_DATABASE_URL: databaseUrl } : {}) },
  { memoryProbe: true },
);
const apiEnv = (port: number, env: Record<string, string> = {}) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  LOG_LEVEL: 'warn',
  WEB_DIST: '/nonexistent',
  NODE_ENV: 'production',
  COOKIE_SECURE: 'false',
  ...env,
});
const apiPort = await freePort();
const api = startProcess(path.join(here, '../apps/api/src/main.ts'), apiEnv(apiPort), { memoryProbe: true });
// On PostgreSQL a second process, with the visitors' 1 s cache off: the uncached timetables, and the rush's other half.
const secondPort = databaseUrl ? await freePort() : null;
const second = secondPort
  ? startProcess(path.join(here, '../apps/api/src/main.ts'), apiEnv(secondPort, { TIMETABLE_CACHE_MS: '0', SEED_DEMO: 'false' }))
  : null;

try {
  await waitFor(`http://127.0.0.1:${barePort}/`);
  await waitFor(`http://127.0.0.1:${apiPort}/api/client`);
  if (secondPort) await waitFor(`http://127.0.0.1:${secondPort}/api/client`);
  const atStart = { api: await sample(api), bare: await sample(bare) };

  const base = `http://127.0.0.1:${apiPort}/api`;
  const items = await fillBaskets(base, cookies, [1, 2, 3, 4, 5, 6, 7].map(dayAhead));
  // Statistics as a live database has them: autovacuum would have analysed the tables the baskets just grew (it is
  // off on some machines this runs on, and would not run within the bench's minutes anyway). Plans made before
  // are invalidated by it (decision 308).
  if (databaseUrl) {
    const analyse = new pg.Client({ connectionString: databaseUrl });
    await analyse.connect();
    await analyse.query('ANALYZE');
    await analyse.end();
  }
  const activity = `${base}/activities/venue/harrogate/activity`;
  // The first day ahead with spin classes (the demo has none on some days of the week: an empty day measures one
  // statement that finds nothing), and the same day's courts.
  const spinDay = await firstDayWithSessions((d) => `${activity}/spin/v2/timetable?date=${d}`);
  const spin = `${activity}/spin/v2/timetable?date=${spinDay.day}`;
  const courts = `${activity}/badminton/v2/timetable?date=${spinDay.day}`;
  const courtCount = ((await (await fetch(courts)).json()) as { data: unknown[] }).data.length;
  const allRoutes: Route[] = [
    { name: `day timetable (${spinDay.count} classes), visitor \`GET .../activity/spin/v2/timetable\``, url: spin },
    { name: `day of courts (${courtCount} sessions), visitor \`GET .../activity/badminton/v2/timetable\``, url: courts },
    { name: 'session check, logged in `GET /api/auth/user`', url: `${base}/auth/user`, cookies },
    { name: 'basket (1–2 classes), logged in `GET /api/checkout/cart`', url: `${base}/checkout/cart`, cookies },
    { name: 'day timetable, logged in `GET .../activity/spin/v2/timetable`', url: spin, cookies },
    { name: 'day of courts, logged in `GET .../activity/badminton/v2/timetable`', url: courts, cookies },
    ...(secondPort
      ? [
          { name: 'day timetable, visitor, 1 s cache off', url: spin.replace(`:${apiPort}/`, `:${secondPort}/`) },
          { name: 'day of courts, visitor, 1 s cache off', url: courts.replace(`:${apiPort}/`, `:${secondPort}/`) },
          // Not the app: what any answer that reads the database once can reach here (decision 308).
          { name: 'reference: bare Fastify and one prepared `SELECT 1`', url: `http://127.0.0.1:${barePort}/one-statement` },
        ]
      : []),
  ];
  const only = process.env.BENCH_ROUTES;
  const routes = only === undefined ? allRoutes : allRoutes.filter((r) => new RegExp(only, 'i').test(r.name));
  const options = { seconds, warmUp, connections, rounds };
  const { baseline, results } = await compareAll(
    { name: 'bare Fastify `GET /` (baseline)', url: `http://127.0.0.1:${barePort}/` },
    routes,
    options,
  );
  const afterFirst = { api: await sample(api), bare: await sample(bare) };
  if (!trialRun) await replay(routes, options);
  const afterSecond = await sample(api);

  // One decimal: the logged-in share can be around 1%, where whole percents say nothing.
  const share = (logged: number, visitor: number) =>
    `${(((results[logged]?.requestsPerSecond ?? 0) / (results[visitor]?.requestsPerSecond ?? 1)) * 100).toFixed(1)}%`;
  const growth = afterSecond.rss - afterFirst.api.rss;
  const after = [
    `Rows: the visitor timetables are what anyone browsing gets (answers cached for 1 s per process, decision 014); the logged-in rows are ${customerCount} distinct customers (sessions made in the database, each connection cycling through all of them) with ${items} classes in their baskets between them: the session check every open tab repeats every 5 s, the basket, and the same two timetables, where a customer's own bookings, waitlist places and restrictions are read on every call and laid over the day the process shares with visitors (decision 296). This run: a logged-in spin timetable served ${share(4, 0)} of a visitor's requests/s, a logged-in day of courts ${share(5, 1)}.`,
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
    `${connections} connections, ${seconds} s per run after a ${warmUp} s warm-up, ${rounds} rounds alternating with the baseline (medians; the ratio is the median of each round's ratio), autocannon; API on ${databaseUrl ? 'PostgreSQL (a fresh database; the uncached visitor rows from a second API process with the 1 s cache off)' : 'PGlite'} with the demo data. Load average at the start ${startLoad}.`,
    baseline,
    results,
    after,
  );
  console.log(table);

  // A trial runs the rush only when it asked for no routes (or BENCH_RUSH=1).
  const runRush = process.env.BENCH_RUSH ? process.env.BENCH_RUSH === '1' : !trialRun || only === 'none';
  if (databaseUrl && secondPort && runRush) {
    const urls = [`http://127.0.0.1:${apiPort}`, `http://127.0.0.1:${secondPort}`];
    const rushDb = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
    try {
      // Made now, after the bench's baskets were filled from the week's open classes, so its places are all free.
      const rushers = await prepareRush(rushDb.db, rushCallers, rushPlaces);
      // Just before the rush, its ceiling: the same crowd of connections on the bare route (decision 299).
      const bareOne = await bareRush(`http://127.0.0.1:${barePort}/`, rushCallers);
      const r = await rush(rushDb.db, urls, rushers.cookies, rushers.occurrenceId, rushPlaces);
      const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
      const section = await writeRawSection(
        'adds',
        [
          `### ${r.callers.toLocaleString('en-GB')} customers add one ${r.places}-place class at once, two API processes, PostgreSQL`,
          '',
          `Run ${when} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}; load average before the rush ${os
            .loadavg()
            .map((l) => l.toFixed(1))
            .join(
              ', ',
            )}. Each customer logged in (a session in the database), each on a connection of their own, sent to the two processes in turn, all sent before any answer is read. Adds/s: customers over the time from the first send to the last answer; p50 and p99 of each customer's wait. Target: at least 1,000 adds/s, p99 at most 1.5 s.`,
          '',
          '| adds/s | p50 ms | p99 ms | all answered in | got a place | told it is full | anything else | places taken (row) |',
          '|---:|---:|---:|---:|---:|---:|---:|---:|',
          `| ${Math.round(r.addsPerSecond)} | ${r.p50} | ${r.p99} | ${r.seconds.toFixed(2)} s | ${r.taken} | ${r.full} | ${r.other} | ${r.consumed} |`,
          '',
          `The ceiling just before, from the same load generator: ${r.callers.toLocaleString('en-GB')} one-connection requests at once to the bare Fastify route (one process, no database) were answered at ${Math.round(bareOne.perSecond)}/s, p50 ${bareOne.p50} ms, p99 ${bareOne.p99} ms; the adds ran at ${Math.round((r.addsPerSecond / bareOne.perSecond) * 100)}% of that rate.`,
        ].join('\n'),
      );
      console.log(section);
    } finally {
      await rushDb.close();
    }
  }
} finally {
  await Promise.all([stop(bare), stop(api), ...(second ? [stop(second)] : [])]);
  await rm(dataDir, { recursive: true, force: true });
}
