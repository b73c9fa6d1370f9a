import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { restoreEmptyDatabase } from './db/empty-snapshot';
import { settleBackground } from './lib/background';
import { systemClock } from './lib/clock';

// Starts the API (main.ts loads this once the compile cache is on).
// Where start-up time goes (decisions 118 and 279): each step's milliseconds, logged once the server listens.
// `modules` is the process's clock when this file starts running: Node itself and the modules imported above.
const since = (from: number) => Math.round(performance.now() - from);
const steps: Record<string, number> = { modules: Math.round(performance.now()) };
let mark = performance.now();
const config = loadConfig();
// The database opens first and the app's modules load while it does (decision 279): PGlite reads and compiles its
// WebAssembly off the main thread, which would otherwise wait for it. The app and the seed are separate chunks of
// the compiled API, so nothing of theirs is loaded before this line.
if (!config.databaseUrl) await restoreEmptyDatabase(config.dataDir);
const opening = openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
    : { kind: 'pglite', dataDir: config.dataDir },
);
const loadingApp = Promise.all([import('./app'), import('./jobs/worker')]);
// A rejection here is reported by the await below; this keeps it from also being an unhandled one meanwhile.
loadingApp.catch(() => {});
const database = await opening;
steps.open = since(mark);
mark = performance.now();
await database.withStartupLock(async () => {
  await database.migrate();
  steps.migrate = since(mark);
  mark = performance.now();
  if (config.seedDemo) {
    const { seedDemoIfEmpty } = await import('./seed/demo');
    await seedDemoIfEmpty(database.db, systemClock);
  }
  steps.seed = since(mark);
});

mark = performance.now();
const [{ buildApp, warmUpSerializers }, { startJobWorker }] = await loadingApp;
const app = await buildApp({ config, database });
let worker: { stop(): Promise<void> } | null = null;

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
// Background work (the hold sweep, refunds, reconciliation of payments) runs as durable jobs (src/jobs); the worker
// starts once the server answers, so its first round does not hold up the first page.
void warmUpSerializers(app).catch((err) => app.log.error({ err }, 'compiling the response serializers failed'));
if (config.jobs.worker) worker = startJobWorker(app.deps, { info: (msg) => app.log.info(msg), error: (msg) => app.log.error(msg) });
// `cpu` is the CPU time the process has used (all its threads), which a loaded machine stretches less than the clock.
const cpu = process.cpuUsage();
app.log.info(
  { startUpMs: { ...steps, process: Math.round(performance.now()), cpu: Math.round((cpu.user + cpu.system) / 1000) } },
  'started',
);
app.log.info(`${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}; listening on http://localhost:${config.port}`);
