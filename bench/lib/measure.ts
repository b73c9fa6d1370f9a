import { type ChildProcess, fork } from 'node:child_process';
import { createServer } from 'node:net';
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

/** Runs a TypeScript entry point in its own process (servers never share the load generator's event loop). */
export function startProcess(entry: string, env: Record<string, string>, cwd?: string): ChildProcess {
  return fork(entry, [], {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    ...(cwd ? { cwd } : {}),
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

/** autocannon against one URL: a short warm-up, then the measured run. */
export async function measure(
  name: string,
  url: string,
  options: { seconds: number; connections: number; headers?: Record<string, string> },
): Promise<Measurement> {
  await autocannon({ url, connections: options.connections, duration: 2, headers: options.headers ?? {} });
  const r = await autocannon({ url, connections: options.connections, duration: options.seconds, headers: options.headers ?? {} });
  return { name, requestsPerSecond: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
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
  baseline: { name: string; url: string },
  routes: { name: string; url: string; headers?: Record<string, string> }[],
  options: { seconds: number; connections: number; rounds: number },
): Promise<{ baseline: Measurement; results: Compared[] }> {
  const baselineRuns: Measurement[] = [];
  const results: Compared[] = [];
  for (const route of routes) {
    const runs: Measurement[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const base = await measure(baseline.name, baseline.url, options);
      const run = await measure(route.name, route.url, { ...options, ...(route.headers ? { headers: route.headers } : {}) });
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
