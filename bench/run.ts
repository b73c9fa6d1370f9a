// `npm run bench`: the day timetable against a bare Fastify route, measured in one run on this machine.
// Results replace the "timetable" section of docs/benchmarks.md. DATABASE_URL selects PostgreSQL instead of PGlite.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareAll, freePort, startProcess, stop, waitFor } from './lib/measure';
import { writeSection } from './lib/report';

const here = path.dirname(fileURLToPath(import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

const barePort = await freePort();
const bare = startProcess(path.join(here, 'bare-server.ts'), { PORT: String(barePort) });
const apiPort = await freePort();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-data-'));
const api = startProcess(path.join(here, '../apps/api/src/main.ts'), {
  PORT: String(apiPort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  WEB_DIST: '/nonexistent',
  NODE_ENV: 'production',
  COOKIE_SECURE: 'false',
});

try {
  await waitFor(`http://127.0.0.1:${barePort}/`);
  await waitFor(`http://127.0.0.1:${apiPort}/api/client`);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const activity = `http://127.0.0.1:${apiPort}/api/activities/venue/harrogate/activity`;
  const { baseline, results } = await compareAll(
    { name: 'bare Fastify `GET /` (baseline)', url: `http://127.0.0.1:${barePort}/` },
    [
      {
        name: 'day timetable `GET /api/activities/venue/harrogate/activity/spin/v2/timetable`',
        url: `${activity}/spin/v2/timetable?date=${tomorrow}`,
      },
      {
        name: 'day of courts (45 sessions) `GET .../activity/badminton/v2/timetable`',
        url: `${activity}/badminton/v2/timetable?date=${tomorrow}`,
      },
    ],
    { seconds, connections, rounds },
  );
  const table = await writeSection(
    'timetable',
    'Day timetable against bare Fastify',
    `${connections} connections, ${seconds} s per run after a 2 s warm-up, ${rounds} rounds alternating with the baseline (medians), autocannon; API on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} with the demo data.`,
    baseline,
    results,
  );
  console.log(table);
} finally {
  await Promise.all([stop(bare), stop(api)]);
  await rm(dataDir, { recursive: true, force: true });
}
