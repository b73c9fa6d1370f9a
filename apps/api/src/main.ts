import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { emptyDatabaseSnapshot } from './db/empty-snapshot';
import { type JobWorker, startJobWorker } from './jobs/worker';
import { systemClock } from './lib/clock';
import { seedDemoIfEmpty } from './seed/demo';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
    : { kind: 'pglite', dataDir: config.dataDir, snapshot: await emptyDatabaseSnapshot(config.dataDir) },
);
await database.withStartupLock(async () => {
  await database.migrate();
  if (config.seedDemo) await seedDemoIfEmpty(database.db, systemClock);
});

const app = await buildApp({ config, database });

// Background work (the hold sweep, refunds, reconciliation of payments) runs as durable jobs (src/jobs).
const worker: JobWorker | null = config.jobs.worker
  ? startJobWorker(app.deps, { info: (msg) => app.log.info(msg), error: (msg) => app.log.error(msg) })
  : null;

async function shutdown(signal: string) {
  app.log.info({ signal }, 'shutting down');
  await worker?.stop();
  await app.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}; listening on http://localhost:${config.port}`);
