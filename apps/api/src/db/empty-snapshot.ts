import { existsSync } from 'node:fs';
import { copyFile, cp } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The compiled API's ready-made empty database (apps/api/scripts/build.mjs, decisions 088 and 279): a PGlite data
 * directory already created and migrated, beside the compiled code. A first start on an empty data directory copies
 * it there and opens it as it would any existing folder: no initdb, no migrations, and no tarball to unpack through
 * PGlite's WebAssembly file system (which took seconds). Nothing happens when the directory already holds a
 * database, or when running from the sources (no build). PG_VERSION, by which a database is recognised, is copied
 * last, so a start interrupted while copying copies again next time instead of opening half a database.
 */
export async function restoreEmptyDatabase(dataDir: string): Promise<boolean> {
  const version = path.join(dataDir, 'PG_VERSION');
  if (existsSync(version)) return false;
  const empty = path.join(path.dirname(fileURLToPath(import.meta.url)), 'empty-database');
  const emptyVersion = path.join(empty, 'PG_VERSION');
  if (!existsSync(emptyVersion)) return false;
  await cp(empty, dataDir, { recursive: true, filter: (source) => source !== emptyVersion });
  await copyFile(emptyVersion, version);
  return true;
}
