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
