// `npm run build -w apps/api`: the API compiled for production (decision 088).
// - dist/main.js: one ES module with our sources and the workspace packages (TypeScript) bundled in, and every npm
//   package left as an import that Node resolves from node_modules at run time; `npm start` runs it with plain Node,
//   no TypeScript loader at start-up. The migrations are copied beside it, where the database client looks for them.
// - dist/empty-database: a PGlite data directory already created and migrated, which a first start on an empty
//   DATA_DIR copies instead of running initdb and every migration (decision 279: copied with plain file system
//   calls, where a tarball loaded through PGlite took seconds). Made again only when the migrations change.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { build } from 'esbuild';

const api = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(api, 'dist');
const migrations = path.join(api, 'src/db/migrations');
const snapshot = path.join(dist, 'empty-database');
const snapshotStamp = `${snapshot}.sha256`;

async function hashOf(dir) {
  const hash = createHash('sha256');
  for (const entry of (await readdir(dir, { recursive: true, withFileTypes: true })).sort((a, b) =>
    path.join(a.parentPath, a.name).localeCompare(path.join(b.parentPath, b.name)),
  )) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hash.update(path.relative(dir, file)).update(await readFile(file));
  }
  return hash.digest('hex');
}

const migrationsHash = await hashOf(migrations);
const snapshotCurrent = existsSync(snapshot) && existsSync(snapshotStamp) && (await readFile(snapshotStamp, 'utf8')) === migrationsHash;

for (const name of existsSync(dist) ? await readdir(dist) : []) {
  if (snapshotCurrent && (name === path.basename(snapshot) || name === path.basename(snapshotStamp))) continue;
  await rm(path.join(dist, name), { recursive: true, force: true });
}

/**
 * npm packages bundled in rather than imported at run time (decision 279). drizzle-orm is some 450 small modules
 * under a 180 kB package.json, which Node parsed again for each of them: over a second of every start. Bundled, only
 * what we use is there, in our chunks. Packages that find files beside their own code (PGlite's WebAssembly, the
 * OpenAPI page's assets) or load optional native ones (pg) stay imports.
 */
const bundled = (specifier) => specifier.startsWith('@app/') || specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/');

await build({
  entryPoints: [path.join(api, 'src/main.ts')],
  outdir: dist,
  // A dynamic import() of our own code becomes a chunk beside main.js, loaded when it runs (decision 279): the app
  // loads while the database opens, and what only a rare path needs (an email's HTML) waits for it. Chunks stay in
  // dist itself, where the code that finds files beside it (migrations, the empty database) expects to be.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // `node --enable-source-maps` prints stack traces with our TypeScript files and lines.
  sourcemap: 'linked',
  banner: { js: '// Built by apps/api/scripts/build.mjs from apps/api/src; do not edit.' },
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(b) {
        // Bare imports are npm packages (kept as imports), except our workspace packages, which are TypeScript, and
        // the packages bundled for start-up speed.
        b.onResolve({ filter: /^[^./]/ }, (args) => (bundled(args.path) ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
await cp(migrations, path.join(dist, 'migrations'), { recursive: true });

if (!snapshotCurrent) {
  await rm(snapshot, { recursive: true, force: true });
  const client = await PGlite.create({ dataDir: snapshot });
  await migrate(drizzle(client), { migrationsFolder: migrations });
  await client.close();
  await writeFile(snapshotStamp, migrationsHash);
}
