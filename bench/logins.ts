// `npm run bench:logins`: bursts of customers logging in at the same moment (8, 32, 100 by default) against the
// real API on PGlite, with the password-hashing bound in place (decision 074): logins/s, each login's wait (p50,
// p95), the share refused with 503 'busy', and the API process's peak RSS during each burst. The baseline, in the
// same run: a bare Node process doing the same scrypt derivations at the same parameters with no bound (as an API
// without the bound would), so logins/s and memory read as ratios on whatever machine runs this. Results replace
// the "logins" section of docs/benchmarks.md. The defaults keep the run under two minutes on a loaded 2-core machine.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../apps/api/src/config';
import { scryptSettings } from '../apps/api/src/lib/passwords';
import { demoCredentials } from '../apps/api/src/seed/demo';
import { addressOf, logIn, percentile, summarise } from './lib/logins';
import { freePort, startProcess, stop, waitFor } from './lib/measure';
import { type Peak, peakDuring } from './lib/peak';
import { writeRawSection } from './lib/report';

const here = path.dirname(fileURLToPath(import.meta.url));
const bursts = (process.env.BENCH_LOGIN_BURSTS ?? '8,32,100').split(',').map(Number);
const baselineCalls = Number(process.env.BENCH_LOGIN_BASELINE ?? 8);
const began = performance.now();

// The API makes and seeds its own database on start: opening PGlite once rather than twice (the bench, then the
// API) saves a minute on a loaded machine. Every caller logs in as the demo customer (a successful login is never
// throttled, and hashing costs the same whoever logs in), each from an address of its own.
const { email: username, password } = demoCredentials.customer;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-logins-'));
const apiPort = await freePort();
const apiEnv = {
  PORT: String(apiPort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  WEB_DIST: '/nonexistent',
  NODE_ENV: 'production',
  COOKIE_SECURE: 'false',
  // Each caller comes from an address of its own (lib/logins.ts), so the per-address limits see many customers.
  TRUST_PROXY: 'true',
};
// The bound the API will run with: its defaults, or PASSWORD_HASH_CONCURRENCY / _QUEUE from this shell.
const bound = loadConfig({ ...process.env, ...apiEnv }).passwordHashing;
const params = {
  N: scryptSettings.N,
  r: scryptSettings.r,
  p: scryptSettings.p,
  keyLength: scryptSettings.keyLength,
  maxmem: scryptSettings.maxmem,
};

const startLoad = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(', ');
const api = startProcess(path.join(here, '../apps/api/src/main.ts'), apiEnv);
const bare = startProcess(path.join(here, 'scrypt-baseline.ts'), {});

const answerOf = <T>(child: ChildProcess, test: (m: unknown) => m is T): Promise<T> =>
  new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      if (!test(m)) return;
      child.off('message', onMessage);
      resolve(m);
    };
    child.on('message', onMessage);
  });
type Derived = { ms: number[]; seconds: number };
const isDerived = (m: unknown): m is Derived => typeof m === 'object' && m !== null && 'ms' in m;

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const times = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

try {
  const bareReady = answerOf(bare, (m): m is { ready: true } => typeof m === 'object' && m !== null && 'ready' in m);
  // A first start migrates and seeds: minutes on a loaded machine.
  await waitFor(`http://127.0.0.1:${apiPort}/api/client`, 600_000);
  await bareReady;
  const loginUrl = `http://127.0.0.1:${apiPort}/api/auth/customer/login`;
  // One login first, unmeasured: the route's first call compiles and connects, as a server that has been up would.
  const warm = await logIn(loginUrl, { username, password }, '10.255.255.1');
  if (warm.status !== 200) throw new Error(`the warm-up login answered ${warm.status}`);

  // The baseline: `baselineCalls` derivations at once in the bare process (libuv's 4 threads are its only bound).
  const base: Peak<Derived> = await peakDuring(bare.pid as number, async () => {
    const done = answerOf(bare, isDerived);
    bare.send({ count: baselineCalls, ...params });
    return done;
  });
  const baseMs = [...base.result.ms].sort((a, b) => a - b);
  const basePerSecond = baselineCalls / base.result.seconds;

  const rows: string[] = [];
  const methods = new Set<string>([base.method]);
  for (const [b, callers] of bursts.entries()) {
    const burst = await peakDuring(api.pid as number, async () => {
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: callers }, (_, i) => logIn(loginUrl, { username, password }, addressOf(b, i))),
      );
      return summarise(answers, (performance.now() - started) / 1000);
    });
    const s = burst.result;
    methods.add(burst.method);
    if (!s.busyCarryRetryAfter) throw new Error('a 503 came without Retry-After');
    console.log(`burst of ${callers}:`, s, `RSS ${mb(burst.before)} → peak ${mb(burst.peak)} MB (${burst.method})`);
    rows.push(
      `| ${callers} at once | ${s.perSecond.toFixed(2)} | ${times(s.perSecond, basePerSecond)} | ${s.p50} | ${s.p95} | ${s.loggedIn} | ${s.busy === 0 ? '0' : `${s.busy} (${Math.round((s.busy / s.callers) * 100)}%), in ${s.busyP50} ms`} | ${s.other} | ${s.seconds.toFixed(1)} s | ${mb(burst.before)} → ${mb(burst.peak)} | +${mb(burst.peak - burst.before)} | ${times(burst.peak - burst.before, base.peak - base.before)} |`,
    );
    // Let the process settle between bursts (answers are in, so its hashing is done).
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }

  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const section = await writeRawSection(
    'logins',
    [
      '### Logins at once: password hashing bounded, against raw scrypt',
      '',
      `Run ${when} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}; load average at the start ${startLoad}; the whole run took ${((performance.now() - began) / 1000).toFixed(0)} s (\`npm run bench:logins\`). The API on PGlite with the demo data, each burst's callers (the demo customer's login) all sending at once, each on a connection of its own and from an address of its own; hashing bound ${bound.running} at once and ${bound.waiting} waiting per process (decision 074), past which a login is answered 503 'busy' with Retry-After at once. scrypt at N=${params.N}, r=${params.r}, p=${params.p} (about ${Math.round((128 * params.N * params.r) / 1024 / 1024)} MiB a derivation). Logins/s: successful logins over the time from the first send to the last answer; p50 and p95 of the successful logins' waits. Peak RSS: the kernel's high-water mark of the API process during the burst (\`/proc/<pid>/status\` VmHWM, reset through \`clear_refs\` before it${methods.has('sampled') ? '; where the kernel refused the reset, RSS sampled every 20 ms' : ''}).`,
      '',
      `Baseline: ${baselineCalls} raw scrypt derivations at the same parameters, all started at once in a bare Node process (no bound but libuv's 4 threads): ${basePerSecond.toFixed(2)} derivations/s, each ${Math.round(percentile(baseMs, 50))} ms at p50 and ${Math.round(percentile(baseMs, 95))} ms at p95, RSS ${mb(base.before)} → ${mb(base.peak)} MB (+${mb(base.peak - base.before)} MB, ${base.method}).`,
      '',
      '| burst | logins/s | of baseline derivations/s | p50 ms | p95 ms | logged in | 503 busy (share), answered in p50 | other | all answered in | API RSS before → peak MB | peak growth MB | of baseline growth |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows,
    ].join('\n'),
  );
  console.log(section);
} finally {
  await Promise.all([stop(api), stop(bare)]);
  await rm(dataDir, { recursive: true, force: true });
}
