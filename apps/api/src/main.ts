import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { emptyDatabaseSnapshot } from './db/empty-snapshot';
import { type JobWorker, startJobWorker } from './jobs/worker';
import { settleBackground } from './lib/background';
import { systemClock } from './lib/clock';
import { seedDemoIfEmpty } from './seed/demo';

// Where start-up time goes (decision 118): each step's milliseconds, logged once the server listens.
const since = (from: number) => Math.round(performance.now() - from);
const steps: Record<string, number> = {};
let mark = performance.now();
const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
    : { kind: 'pglite', dataDir: config.dataDir, snapshot: await emptyDatabaseSnapshot(config.dataDir) },
);
steps.open = since(mark);
mark = performance.now();
await database.withStartupLock(async () => {
  await database.migrate();
  steps.migrate = since(mark);
  mark = performance.now();
  if (config.seedDemo) await seedDemoIfEmpty(database.db, systemClock);
  steps.seed = since(mark);
});

mark = performance.now();
const app = await buildApp({ config, database });

// Background work (the hold sweep, refunds, reconciliation of payments) runs as durable jobs (src/jobs).
const worker: JobWorker | null = config.jobs.worker
  ? startJobWorker(app.deps, { info: (msg) => app.log.info(msg), error: (msg) => app.log.error(msg) })
  : null;

async function shutdown(signal: string) {
  app.log.info({ signal }, 'shutting down');
  await worker?.stop();
  await app.close();
  await settleBackground();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
steps.app = since(mark);
app.log.info({ startUpMs: { ...steps, process: Math.round(performance.now()) } }, 'started');
app.log.info(`${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}; listening on http://localhost:${config.port}`);
