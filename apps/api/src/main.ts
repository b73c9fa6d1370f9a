import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { emptyDatabaseSnapshot } from './db/empty-snapshot';
import { systemClock } from './lib/clock';
import { sweepExpiredHolds } from './modules/bookings/capacity';
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

// Holds are also released whenever someone tries to book the session; this sweep returns the rest promptly.
const sweep = setInterval(() => {
  sweepExpiredHolds(database.db, systemClock.now()).catch((err) => app.log.error({ err }, 'hold sweep failed'));
}, config.holdSweepSeconds * 1000);
sweep.unref();

async function shutdown(signal: string) {
  app.log.info({ signal }, 'shutting down');
  clearInterval(sweep);
  await app.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}; listening on http://localhost:${config.port}`);
