import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The journeys run against the built app and the compiled API: build them first if their sources changed. */
export default function globalSetup(): void {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const result = spawnSync(process.execPath, ['scripts/build-if-changed.mjs'], { cwd: repo, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('building the app or the API failed');
}
