// `npm run bench`: the day timetable against a bare Fastify route, measured in one run on this machine.
// Results replace the "timetable" section of docs/benchmarks.md. DATABASE_URL selects PostgreSQL instead of PGlite.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, measure, startProcess, stop, waitFor } from './lib/measure';
import { writeSection } from './lib/report';

const here = path.dirname(fileURLToPath(import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

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
  const baseline = await measure('bare Fastify `GET /` (baseline)', `http://127.0.0.1:${barePort}/`, { seconds, connections });
  const timetable = await measure(
    'day timetable `GET /api/activities/venue/harrogate/activity/spin/v2/timetable`',
    `http://127.0.0.1:${apiPort}/api/activities/venue/harrogate/activity/spin/v2/timetable?date=${tomorrow}`,
    { seconds, connections },
  );
  const courts = await measure(
    'day of courts (45 sessions) `GET .../activity/badminton/v2/timetable`',
    `http://127.0.0.1:${apiPort}/api/activities/venue/harrogate/activity/badminton/v2/timetable?date=${tomorrow}`,
    { seconds, connections },
  );
  const table = await writeSection(
    'timetable',
    'Day timetable against bare Fastify',
    `${connections} connections, ${seconds} s per route after a 2 s warm-up, autocannon; API on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} with the demo data.`,
    baseline,
    [timetable, courts],
  );
  console.log(table);
} finally {
  await Promise.all([stop(bare), stop(api)]);
  await rm(dataDir, { recursive: true, force: true });
}
