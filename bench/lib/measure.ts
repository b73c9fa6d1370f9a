import { type ChildProcess, fork } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const memoryProbe = fileURLToPath(new URL('./memory-probe.ts', import.meta.url));

/**
 * Runs a TypeScript entry point in its own process (servers never share the load generator's event loop). With
 * `memoryProbe` the bench's heap probe is loaded alongside it (see lib/memory.ts); the app itself never loads it.
 */
export function startProcess(entry: string, env: Record<string, string>, options: { memoryProbe?: boolean } = {}): ChildProcess {
  return fork(entry, [], {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx', ...(options.memoryProbe ? ['--expose-gc', '--import', memoryProbe] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

export async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** One route to load: a URL, and for a logged-in call the session cookies of the customers sending it. */
export interface Route {
  name: string;
  url: string;
  /**
   * Cookie headers, one per customer. Each connection cycles through all of them (autocannon's `requests` list),
   * so the server sees many distinct sessions rather than one hot one.
   */
  cookies?: string[];
}

export interface LoadOptions {
  seconds: number;
  connections: number;
  /** Seconds of unmeasured load before each measured run (default 2). */
  warmUp?: number;
}

const requestsOf = (route: Route): autocannon.Request[] | undefined => {
  if (!route.cookies) return undefined;
  const { pathname, search } = new URL(route.url);
  return route.cookies.map((cookie) => ({ method: 'GET', path: `${pathname}${search}`, headers: { cookie } }));
};

/** autocannon against one route: a short warm-up, then the measured run. */
export async function measure(route: Route, options: LoadOptions): Promise<Measurement> {
  const requests = requestsOf(route);
  const load = (duration: number) =>
    autocannon({ url: route.url, connections: options.connections, duration, ...(requests ? { requests } : {}) });
  await load(options.warmUp ?? 2);
  const r = await load(options.seconds);
  return {
    name: route.name,
    requestsPerSecond: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

export const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

export interface Compared extends Measurement {
  /** Median over the rounds of this route's requests/s divided by the baseline's in the same round. */
  ratio: number;
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/**
 * Measures routes against a baseline in alternating rounds (baseline, route, baseline, route ...), because on a
 * small shared machine a single pair of runs moves by a third. Each figure is the median over the rounds, and the
 * ratio is the median of each round's ratio to the baseline run just before it.
 */
export async function compareAll(
  baseline: Route,
  routes: Route[],
  options: LoadOptions & { rounds: number },
): Promise<{ baseline: Measurement; results: Compared[] }> {
  const baselineRuns: Measurement[] = [];
  const results: Compared[] = [];
  for (const route of routes) {
    const runs: Measurement[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const base = await measure(baseline, options);
      const run = await measure(route, options);
      baselineRuns.push(base);
      runs.push(run);
      ratios.push(run.requestsPerSecond / base.requestsPerSecond);
    }
    results.push({
      name: route.name,
      requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
      errors: runs.reduce((n, r) => n + r.errors, 0),
      ratio: median(ratios),
    });
  }
  return {
    baseline: {
      name: baseline.name,
      requestsPerSecond: median(baselineRuns.map((r) => r.requestsPerSecond)),
      p50: median(baselineRuns.map((r) => r.p50)),
      p99: median(baselineRuns.map((r) => r.p99)),
      non2xx: 0,
      errors: 0,
    },
    results,
  };
}

/**
 * The load compareAll puts on the routes' server, again, without the baseline runs in between and without keeping
 * figures: a second identical pass, after which memory is compared with the first (steady growth is a leak).
 */
export async function replay(routes: Route[], options: LoadOptions & { rounds: number }): Promise<void> {
  for (const route of routes) for (let round = 0; round < options.rounds; round++) await measure(route, options);
}

/** The date (UTC, YYYY-MM-DD) n days from now. */
export const dayAhead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The first of the next seven days (from tomorrow) whose timetable at `url(day)` has sessions, and how many: the demo
 * has no spin classes on some days of the week, and an empty day measures one statement that finds nothing.
 */
export async function firstDayWithSessions(url: (day: string) => string): Promise<{ day: string; count: number }> {
  for (let n = 1; n <= 7; n++) {
    const { data } = (await (await fetch(url(dayAhead(n)))).json()) as { data: unknown[] };
    if (data.length > 0) return { day: dayAhead(n), count: data.length };
  }
  throw new Error('no day with sessions in the coming week');
}
