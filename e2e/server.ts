import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  logFile: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts the production entry point on a fresh PGlite directory, logging to a file, and waits until it answers. */
export async function startServer(name: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  // Named without a long run of digits, since the server logs the path and the log is scanned for card numbers.
  const runDir = path.join(repo, 'e2e/.runs', `${name}-${randomBytes(4).toString('hex')}`);
  const dataDir = path.join(runDir, 'data');
  const logFile = path.join(runDir, 'server.log');
  await mkdir(runDir, { recursive: true });
  const log = createWriteStream(logFile);
  // The compiled API, as `npm start` runs it (the global setup builds it when its sources changed).
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/main.js'], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://localhost:${port}`;
  // Generous: a loaded CI machine (or several test runs sharing two cores) can take well over a minute to migrate and seed.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${await readFile(logFile, 'utf8')}`);
    try {
      if ((await fetch(`${url}/api/client`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline) {
      // A server that never answered must not run on after the test that gave up on it (it would take the CPU the
      // next test needs, on a machine already too loaded to start it).
      child.kill('SIGKILL');
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    dataDir,
    logFile,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => {
          log.end(() => resolve());
        });
        child.kill('SIGTERM');
      }),
  };
}
