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

/**
 * Personal data a server's log must never hold (decision 075's redaction, issue 9): email addresses, the demo's
 * passwords, password hashes and the demo's phone numbers. Every journey signs people up, logs in and pays, so any
 * field that escaped redaction shows up here.
 */
const personalPatterns: [string, RegExp][] = [
  ['email address', /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g],
  ['demo password', /demo-pass-2026|staff-pass-2026/g],
  ['password hash', /scrypt\$\d+\$/g],
  ['phone number', /07700 ?900\d{3}/g],
];

export async function personalDataInLog(logFile: string): Promise<string[]> {
  const log = await readFile(logFile, 'utf8');
  const found: string[] = [];
  for (const [label, pattern] of personalPatterns) {
    for (const match of log.matchAll(pattern)) found.push(`log: ${label} ${match[0].slice(0, 3)}...`);
  }
  return [...new Set(found)];
}
