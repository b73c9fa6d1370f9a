// Builds the web app and the compiled API only when their sources changed since the last build (decision 088), so
// `npm start` after the first build starts in seconds. Each build's inputs are hashed (file names and contents);
// the hash is kept beside the build's output and compared on the next run. `--force` (`npm run build`) builds both.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = [
  'packages/contracts/src',
  'packages/contracts/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'package-lock.json',
];
const targets = [
  {
    name: 'web app',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/build',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      ...shared,
    ],
    stamp: 'apps/web/dist/.build-inputs',
    output: 'apps/web/dist/index.html',
    workspace: 'apps/web',
  },
  {
    name: 'API',
    inputs: ['apps/api/src', 'apps/api/scripts', 'apps/api/package.json', ...shared],
    stamp: 'apps/api/dist/.build-inputs',
    output: 'apps/api/dist/main.js',
    workspace: 'apps/api',
  },
];

/** Tests never reach a build: they are left out, so editing one does not rebuild. */
const isInput = (file) => !/\.test\.tsx?$|\.pg\.test\.ts$/.test(file);

function hashInputs(inputs) {
  const hash = createHash('sha256');
  const visit = (relative) => {
    const full = path.join(repo, relative);
    if (!existsSync(full)) return;
    let entries;
    try {
      entries = readdirSync(full, { withFileTypes: true });
    } catch {
      if (isInput(relative)) hash.update(`${relative}\0`).update(readFileSync(full));
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) visit(path.join(relative, entry.name));
  };
  for (const input of inputs) visit(input);
  return hash.digest('hex');
}

const force = process.argv.includes('--force');
for (const target of targets) {
  const hash = hashInputs(target.inputs);
  const stamp = path.join(repo, target.stamp);
  const current = !force && existsSync(path.join(repo, target.output)) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;
  if (current) continue;
  if (!force) console.log(`Building the ${target.name} (its sources changed since the last build)…`);
  const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: repo, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, hash);
}
