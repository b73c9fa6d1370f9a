// `npm run bench:lighthouse`: Lighthouse's mobile performance audit (its default: a Moto G Power-sized screen, slow
// 4G and 4× CPU slowdown, simulated) of the built app with the demo data, in Debian's Chromium, and how long
// `npm start` takes to answer its first page with an existing data folder and with a fresh one. Results replace the
// "lighthouse" section of docs/benchmarks.md. Run `npm run build` first (the bench measures what is built).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { openDatabase } from '../apps/api/src/db/client';
import { systemClock } from '../apps/api/src/lib/clock';
import { seedDemoIfEmpty } from '../apps/api/src/seed/demo';
import { fillBaskets, loggedInCustomers } from './lib/customers';
import { lighthouseSection, median, type PageResult, type StartUp } from './lib/lighthouse-report';
import { freePort } from './lib/measure';
import { writeRawSection } from './lib/report';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
// BENCH_START_RUNS=0 skips the start-up timing (a trial while iterating: nothing is written to docs/benchmarks.md).
const startRuns = Number(process.env.BENCH_START_RUNS ?? 3);
// BENCH_LIGHTHOUSE_PAGES=home,basket audits only the pages whose names start with those words (also a trial).
const onlyPages = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').filter(Boolean) ?? null;
const trial = startRuns === 0 || onlyPages !== null;
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The production entry point, as `npm start` runs it: the compiled API when it is built, else its sources. */
function serverCommand(): string[] {
  const compiled = 'apps/api/dist/main.js';
  return existsSync(path.join(repo, compiled))
    ? [process.execPath, '--enable-source-maps', compiled]
    : [path.join(repo, 'node_modules/.bin/tsx'), 'apps/api/src/main.ts'];
}

function startServer(port: number, dataDir: string): ChildProcess {
  const [command, ...args] = serverCommand();
  return spawn(command as string, args, {
    cwd: repo,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** Milliseconds from spawning the server to its first 200 for the home page (what a person opening it waits for). */
async function timeToFirstPage(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = startServer(port, dataDir);
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('the server exited while starting');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 180_000) throw new Error('the server did not answer within 3 minutes');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await stop(child);
  }
}

/** The 'YYYY-MM-DD' of a day in the demo's timezone, `offset` days from today. */
const londonDate = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );

/** One audit, tried again (up to three times in all) when Lighthouse reports it could not record the page load. */
async function audit(url: string, port: number, cookie?: string): Promise<PageResult['runs'][number]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, port, cookie);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`retrying ${url}: ${(error as Error).message}`);
    }
  }
}

async function auditOnce(url: string, port: number, cookie?: string): Promise<PageResult['runs'][number]> {
  const result = await lighthouse(url, {
    port,
    onlyCategories: ['performance'],
    logLevel: 'error',
    output: 'json',
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  // The whole report of the last run of each page, to read when a figure needs explaining.
  await mkdir(path.join(repo, 'bench/.runs'), { recursive: true });
  await writeFile(
    path.join(repo, 'bench/.runs', `lighthouse-${new URL(url).pathname.replace(/\W+/g, '_') || 'home'}.json`),
    JSON.stringify(lhr),
  );
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  // A figure from a run Lighthouse could not complete is not written: a missing metric or score fails the bench.
  const value = (id: string) => {
    const v = lhr.audits[id]?.numericValue;
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`Lighthouse gave no ${id} for ${url}`);
    return v;
  };
  const score = lhr.categories.performance?.score;
  if (typeof score !== 'number') throw new Error(`Lighthouse gave no performance score for ${url}`);
  type Request = { url: string; resourceType?: string; transferSize?: number; networkRequestTime?: number; networkEndTime?: number };
  const requests = (lhr.audits['network-requests']?.details as { items?: Request[] } | undefined)?.items ?? [];
  if (requests.length === 0) throw new Error(`Lighthouse recorded no requests for ${url}`);
  const bytesOf = (type: string) => requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  // The page as it really loaded (observed, not simulated): which API calls it made before its first and its largest
  // paint, and how many of those waited for another API answer first (started after one had ended): a waterfall.
  const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
  const paint = { first: observed.observedFirstContentfulPaint, largest: observed.observedLargestContentfulPaint };
  if (typeof paint.first !== 'number' || typeof paint.largest !== 'number')
    throw new Error(`Lighthouse gave no observed paints for ${url}`);
  const api = requests
    .filter((r) => new URL(r.url).pathname.startsWith('/api/'))
    .map((r) => ({ path: new URL(r.url).pathname, start: r.networkRequestTime ?? Number.NaN, end: r.networkEndTime ?? Number.NaN }));
  if (api.some((r) => !Number.isFinite(r.start) || !Number.isFinite(r.end))) throw new Error(`Lighthouse gave no request times for ${url}`);
  const beforeLargest = api.filter((r) => r.start < (paint.largest as number));
  return {
    score: Math.round(score * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndex: value('speed-index'),
    apiCalls: api.length,
    apiBeforeFirstPaint: api.filter((r) => r.start < (paint.first as number)).length,
    apiBeforeLargestPaint: beforeLargest.length,
    apiChained: beforeLargest.filter((r) => beforeLargest.some((o) => o !== r && o.end <= r.start)).length,
    scriptBytes: bytesOf('Script'),
    styleBytes: bytesOf('Stylesheet'),
    fontBytes: bytesOf('Font'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

async function main() {
  // Timings on a shared machine depend on what else runs: the load average goes into the report with the figures.
  const loadBefore = os.loadavg();
  const work = await mkdtemp(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const dataDir = path.join(work, 'data');
  try {
    // Start-up: the first start on an empty folder (migrate and seed), then starts that reuse it.
    const fresh: number[] = [];
    const existing: number[] = [];
    for (let i = 0; i < startRuns; i++) {
      await rm(dataDir, { recursive: true, force: true });
      fresh.push(await timeToFirstPage(dataDir));
      existing.push(await timeToFirstPage(dataDir));
    }
    // Without start-up timings the data folder is still made (migrated and seeded) by one start of the server.
    if (startRuns === 0) await timeToFirstPage(dataDir);
    const startUp: StartUp = {
      fresh: median(fresh),
      existing: median(existing),
      runs: startRuns,
      command: serverCommand()
        .map((p) => (path.isAbsolute(p) ? path.basename(p) : p))
        .join(' '),
    };

    // A logged-in customer with two classes in the basket, for the basket page (written before the server opens the folder).
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await seedDemoIfEmpty(database.db, systemClock);
    const [cookie] = await loggedInCustomers(database.db, 1);
    await database.close();

    const port = await freePort();
    const server = startServer(port, dataDir);
    const base = `http://127.0.0.1:${port}`;
    const chrome = await launch({ chromePath: chromium, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    const results: PageResult[] = [];
    try {
      for (;;) {
        try {
          if ((await fetch(`${base}/api/client`)).ok) break;
        } catch {
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      // Five days ahead, so a weekend (no spin on Sunday; the first evening class sold out) still leaves three classes.
      await fillBaskets(`${base}/api`, [cookie as string, cookie as string], [1, 2, 3, 4, 5].map(londonDate));
      const pages: { name: string; path: string; cookie?: string }[] = [
        { name: 'home', path: '/' },
        { name: 'venue', path: '/location/harrogate' },
        { name: 'timetable (spin, today)', path: `/location/harrogate/spin/${londonDate(0)}` },
        { name: 'basket, logged in, 3 classes', path: '/basket', cookie },
      ];
      for (const page of pages) {
        if (onlyPages && !onlyPages.some((name) => page.name.startsWith(name))) continue;
        const pageRuns: PageResult['runs'] = [];
        // One unmeasured visit first, so every measured run sees the same warm server (its caches, compiled code).
        await audit(`${base}${page.path}`, chrome.port, page.cookie);
        for (let i = 0; i < runs; i++) pageRuns.push(await audit(`${base}${page.path}`, chrome.port, page.cookie));
        results.push({ name: page.name, path: page.path, runs: pageRuns });
        console.log(
          page.name,
          pageRuns
            .map(
              (r) =>
                `score ${r.score} FCP ${Math.round(r.fcp)} LCP ${Math.round(r.lcp)} TBT ${Math.round(r.tbt)} CLS ${r.cls.toFixed(3)} JS ${Math.round(r.scriptBytes / 1024)}KB CPU ${Math.round(r.benchmarkIndex)}`,
            )
            .join(' | '),
        );
      }
    } finally {
      chrome.kill();
      await stop(server);
    }
    const load = { before: loadBefore, after: os.loadavg() };
    if (trial) {
      console.log(
        `trial run, docs/benchmarks.md left as it was; load average ${load.before.map((v) => v.toFixed(1)).join(' / ')} to ${load.after.map((v) => v.toFixed(1)).join(' / ')}`,
      );
      return;
    }
    console.log(await writeRawSection('lighthouse', lighthouseSection(results, startUp, runs, load)));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

// Any failure ends the bench with an error and leaves docs/benchmarks.md as it was.
await main().catch((error: unknown) => {
  console.error('bench:lighthouse failed, nothing written:', error);
  process.exit(1);
});
