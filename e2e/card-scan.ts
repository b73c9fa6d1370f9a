import { readFile } from 'node:fs/promises';
import { findCardNumbers } from '@app/domain';
import { PGlite } from '@electric-sql/pglite';

/** Every Luhn-valid 13-19 digit number in a server's log and in every table of its database. */
export async function cardNumbersLeftBehind(logFile: string, dataDir: string): Promise<string[]> {
  const found = findCardNumbers(await readFile(logFile, 'utf8')).map((n) => `log: ${n}`);
  const db = await PGlite.create({ dataDir });
  try {
    const tables = await db.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'");
    for (const { table_name } of tables.rows) {
      const rows = await db.query<Record<string, unknown>>(`SELECT * FROM "${table_name}"`);
      // Session token hashes are random hex, never input: a run of digits in one can pass the Luhn check by chance.
      for (const row of rows.rows) delete row.token_hash;
      for (const n of findCardNumbers(JSON.stringify(rows.rows))) found.push(`${table_name}: ${n}`);
    }
  } finally {
    await db.close();
  }
  return found;
}
