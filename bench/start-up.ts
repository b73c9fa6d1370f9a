// `npm run bench:start-up`: how long `npm start`'s server (the compiled API once built, as `npm start` runs it after
// its build check) takes from spawning to its first 200 for the home page, on a fresh data folder (create, migrate,
// seed) and on the folder that start left, and where the time goes (each step's milliseconds, as the server logs
// them once it listens). Results replace the "start-up" section of docs/benchmarks.md. Run `npm run build` first.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './lib/measure';
import { writeRawSection } from './lib/report';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_START_RUNS ?? 3);
const compiled = 'apps/api/dist/main.js';
const command = existsSync(path.join(repo, compiled))
  ? [process.execPath, '--enable-source-maps', compiled]
  : [path.join(repo, 'node_modules/.bin/tsx'), 'apps/api/src/main.ts'];

interface Start {
  ms: number;
  steps: Record<string, number>;
}

/** One start: spawn to the first 200 for `/`, with the steps the server logged. */
async function start(dataDir: string): Promise<Start> {
  const port = await freePort();
  const began = performance.now();
  const [bin, ...args] = command;
  const child = spawn(bin as string, args, {
    cwd: repo,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', COOKIE_SECURE: 'false' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let steps: Record<string, number> = {};
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    for (const line of buffered.split('\n')) {
      if (!line.includes('"startUpMs"')) continue;
      try {
        steps = (JSON.parse(line) as { startUpMs: Record<string, number> }).startUpMs;
      } catch {
        // a partial line: the rest comes with the next chunk
      }
    }
    buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('the server exited while starting');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return { ms: performance.now() - began, steps };
      } catch {
        // not listening yet
      }
      if (performance.now() - began > 180_000) throw new Error('the server did not answer within 3 minutes');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const work = await mkdtemp(path.join(os.tmpdir(), 'bench-start-up-'));
const dataDir = path.join(work, 'data');
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(', ');
try {
  const fresh: Start[] = [];
  const existing: Start[] = [];
  for (let i = 0; i < runs; i++) {
    await rm(dataDir, { recursive: true, force: true });
    fresh.push(await start(dataDir));
    existing.push(await start(dataDir));
  }
  const row = (name: string, starts: Start[]) => {
    const mid = [...starts].sort((a, b) => a.ms - b.ms)[Math.floor(starts.length / 2)] as Start;
    const step = (k: string) => (mid.steps[k] === undefined ? '–' : s(mid.steps[k] as number));
    return `| ${name} | **${s(median(starts.map((x) => x.ms)))}** | ${starts.map((x) => s(x.ms)).join(', ')} | ${step('process')} | ${step('cpu')} | ${step('modules')} | ${step('open')} | ${step('migrate')} | ${step('seed')} | ${step('app')} |`;
  };
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const section = await writeRawSection(
    'start-up',
    [
      '### Start-up to the first page',
      '',
      `Run ${when} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}; load average at the start ${load}. \`${command.map((p) => (path.isAbsolute(p) ? path.basename(p) : p)).join(' ')}\` (what \`npm start\` runs once its build is current), from spawning the process to the first 200 for \`/\`; ${runs} runs each, the median shown with every run. The steps are the median run's, as the server logs them: \`process\` is the process's own clock when it listened, \`cpu\` the CPU time it had used by then (all its threads; a loaded machine stretches it less than the clock), \`modules\` Node's start and the first modules, then opening the database (PGlite: copying the ready-made empty database into a fresh folder, then opening it; the app's modules load meanwhile), migrating, seeding the demo (nothing on an existing folder) and building the app until it listens. Targets: 3 s with an existing data folder, 10 s with a fresh one.`,
      '',
      '| data folder | to first page | runs | process | cpu | modules | open | migrate | seed | app |',
      '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|',
      row('fresh (create, migrate, seed)', fresh),
      row('existing', existing),
    ].join('\n'),
  );
  console.log(section);
} finally {
  await rm(work, { recursive: true, force: true });
}
