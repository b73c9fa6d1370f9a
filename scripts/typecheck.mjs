// Type-checks each project on its own (tsc -p), since `tsc -b --noEmit` trips TS6310 across references.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = ['packages/contracts', 'packages/domain', 'apps/api', 'apps/web', 'e2e', 'bench'].filter((p) =>
  existsSync(`${p}/tsconfig.json`),
);
let failed = false;
for (const project of projects) {
  const result = spawnSync('node_modules/.bin/tsc', ['-p', project, '--noEmit'], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
