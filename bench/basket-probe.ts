// A measuring aid for the logged-in basket read (issue 12, decision 270), not part of `npm run bench`: on a fresh
// PostgreSQL database `bench_basket_probe` (DATABASE_URL's server), the demo data and 50 logged-in customers with
// one or two classes each, it reads their baskets through app.inject, `BASKET_PROBE_ROUNDS` times over (default 40),
// `BASKET_PROBE_CONCURRENCY` at once (default 10, the bench's connections), and prints the statements sent per read
// (each listed once with its count), the mean wall time per read, and the session check's statements for comparison.
// Run it under `node --cpu-prof --import tsx` to see where the process's time goes.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/basket-probe.ts
import pg from 'pg';
import { type Config, loadConfig } from '../apps/api/src/config';
import { type Database, openDatabase } from '../apps/api/src/db/client';
import { systemClock } from '../apps/api/src/lib/clock';
import { seedDemoIfEmpty } from '../apps/api/src/seed/demo';
import { fillBaskets, loggedInCustomers } from './lib/customers';
import { freshDatabase } from './lib/fresh-database';
import { freePort } from './lib/measure';

const admin = process.env.DATABASE_URL;
if (!admin) throw new Error('DATABASE_URL (a PostgreSQL server) is needed');
const rounds = Number(process.env.BASKET_PROBE_ROUNDS ?? 40);
const concurrency = Number(process.env.BASKET_PROBE_CONCURRENCY ?? 10);

const url = new URL(await freshDatabase(admin, 'bench_basket_probe'));

// Every statement any pool client sends, counted by its text.
const seen = new Map<string, number>();
let counting = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counting) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '?')).replace(/\s+/g, ' ').slice(0, 160);
    seen.set(text, (seen.get(text) ?? 0) + 1);
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

// The app is loaded by a path TypeScript does not follow: the bench's project does not compile the API's TSX emails.
interface Injected {
  statusCode: number;
  body: string;
}
interface App {
  listen(o: { port: number; host: string }): Promise<unknown>;
  inject(o: { method: string; url: string; headers: Record<string, string> }): Promise<Injected>;
  close(): Promise<void>;
}
const appModule = '../apps/api/src/app';
const { buildApp } = (await import(appModule)) as { buildApp(o: { config: Config; database: Database }): Promise<App> };

const port = await freePort();
const config = loadConfig({
  ...process.env,
  DATABASE_URL: url.toString(),
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  WEB_DIST: '/nonexistent',
  NODE_ENV: 'production',
  COOKIE_SECURE: 'false',
  JOBS_WORKER: 'false',
});
const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: config.databasePoolSize });
await database.migrate();
await seedDemoIfEmpty(database.db, systemClock);
const cookies = await loggedInCustomers(database.db, 50);
const app = await buildApp({ config, database });
await app.listen({ port, host: '127.0.0.1' });
const base = `http://127.0.0.1:${port}/api`;
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const items = await fillBaskets(
  base,
  cookies,
  [1, 2, 3, 4, 5, 6, 7].map((n) => day(n)),
);

async function probe(name: string, path: string) {
  const get = async (cookie: string) => {
    const res = await app.inject({ method: 'GET', url: `/api${path}`, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  };
  // Warm up (caches, JIT), uncounted.
  for (const cookie of cookies) await get(cookie);
  seen.clear();
  counting = true;
  const started = performance.now();
  let reads = 0;
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < cookies.length; i += concurrency) {
      await Promise.all(cookies.slice(i, i + concurrency).map(get));
      reads += Math.min(concurrency, cookies.length - i);
    }
  }
  const ms = performance.now() - started;
  counting = false;
  const total = [...seen.values()].reduce((a, b) => a + b, 0);
  console.log(
    `\n${name}: ${reads} reads, ${(ms / reads).toFixed(2)} ms each (wall, ${concurrency} at once), ${(total / reads).toFixed(2)} statements per read`,
  );
  for (const [text, n] of [...seen].sort((a, b) => b[1] - a[1])) console.log(`  ${(n / reads).toFixed(2)} × ${text}`);
}

console.log(`${cookies.length} customers, ${items} classes in their baskets`);
await probe('session check GET /auth/user', '/auth/user');
await probe('basket GET /checkout/cart', '/checkout/cart');
await app.close();
await database.close();
