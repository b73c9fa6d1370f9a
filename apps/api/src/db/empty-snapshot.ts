import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The compiled API's ready-made empty database (apps/api/scripts/build.mjs, decision 088): for a first start on an
 * empty data directory, a PGlite data directory already created and migrated, so start-up skips initdb and every
 * migration. Undefined when the directory already holds a database, or when running from the sources (no build).
 */
export async function emptyDatabaseSnapshot(dataDir: string): Promise<Blob | undefined> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  const tarball = path.join(path.dirname(fileURLToPath(import.meta.url)), 'empty-database.tar.gz');
  return existsSync(tarball) ? new Blob([await readFile(tarball)]) : undefined;
}
