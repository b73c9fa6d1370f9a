import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';

const database = await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/bench_catalogue', poolSize: 4 });
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'production', WEB_DIST: '/x', LOG_LEVEL: 'silent' }),
  database,
  logger: false,
});
await app.ready();
const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
for (const [name, url] of [
  ['classes', `/api/activities/venue/bench-7/activity/spin/v2/timetable?date=${day}`],
  ['courts', `/api/activities/venue/bench-7/activity/badminton/v2/timetable?date=${day}`],
]) {
  for (let round = 0; round < 2; round++) {
    const n = name === 'courts' ? 50 : 300;
    const t = performance.now();
    for (let i = 0; i < n; i++) {
      const r = await app.inject({ method: 'GET', url });
      if (r.statusCode !== 200) throw new Error(r.body);
    }
    console.log(name, 'ms/request', (performance.now() - t) / n);
  }
}
await app.close();
await database.close();
