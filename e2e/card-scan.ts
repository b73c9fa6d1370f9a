import { readFile } from 'node:fs/promises';
import { findCardNumbers } from '@app/domain';
import { PGlite } from '@electric-sql/pglite';

/** What a stopped server left where it must not: card numbers in its log or database, secrets or personal data in its log. */
export interface LeftBehind {
  cardNumbers: string[];
  /** Secrets (reset and login tokens, feed secrets, offer tokens, session tokens) and personal data in the log. */
  inLog: string[];
}

/**
 * Secrets a server's log must never hold, whatever their value: a token in a URL (a reset link, a login token being
 * exchanged), a calendar feed's secret or a waitlist offer's token in a path, a session cookie or Bearer token.
 * The request log redacts each (decision 180), so only `[Redacted]` may follow.
 */
const secretPatterns: [string, RegExp][] = [
  ['token in a URL', /[?&](?:token|access_token)=(?!\[Redacted\])[^&\s"\\]+/g],
  ['calendar feed secret', /\/calendar-feeds\/(?!\[Redacted\])[^/?\s"\\]+/g],
  ['waitlist offer token', /\/waitlist-offers?\/(?!\[Redacted\])[^/?\s"\\]+/g],
  ['session token', /_session=(?!\[Redacted\])[\w-]{20,}/g],
  ['Bearer token', /Bearer (?!\[Redacted\])[\w-]{20,}/g],
];

/**
 * Personal data a server's log must never hold whatever its owner (decision 075's redaction, issue 9): email
 * addresses, the demo's passwords, password hashes and phone numbers of the shape the journeys type.
 */
const personalPatterns: [string, RegExp][] = [
  ['email address', /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g],
  ['demo password', /demo-pass-2026|staff-pass-2026/g],
  ['password hash', /scrypt\$\d+\$/g],
  ['phone number', /07700 ?900\d{3}/g],
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A value as a whole word, so a name is not found inside another word. */
const word = (value: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(value)}(?![\\p{L}\\p{N}])`, 'u');

/**
 * The values the run actually used, from its own database: every person's email, phone and name (the demo's
 * customers and everyone the journeys signed up), and every secret that was sent by email or stored for a link (reset
 * tokens, login links, feed addresses, waitlist offer tokens). Names are looked for whole, and each part of four
 * letters or more on its own ("Morgan", "Alex"); shorter parts ("Sam", "Kit") only within the full name, since three
 * letters turn up inside ids and words by chance.
 */
async function knownValues(db: PGlite): Promise<[string, string][]> {
  const values: [string, string][] = [];
  const people = await db.query<{ email: string; phone: string | null; first_name: string; last_name: string }>(
    'SELECT email, phone, first_name, last_name FROM users',
  );
  for (const p of people.rows) {
    values.push(['email of a customer', p.email]);
    if (p.phone) {
      values.push(['phone of a customer', p.phone]);
      const digits = p.phone.replace(/\D/g, '');
      if (digits.length >= 10) values.push(['phone of a customer', digits]);
    }
    values.push(['name of a customer', `${p.first_name} ${p.last_name}`]);
    for (const part of [p.first_name, p.last_name]) if (part.length >= 4 && !/^\d+$/.test(part)) values.push(['name of a customer', part]);
  }
  const mails = await db.query<{ text: string; html: string | null }>('SELECT text, html FROM outbox_emails');
  for (const m of mails.rows) {
    const text = `${m.text}\n${m.html ?? ''}`;
    for (const match of text.matchAll(/[?&]token=([\w-]{16,})/g)) values.push(['token sent by email', match[1] as string]);
    for (const match of text.matchAll(/\/calendar-feeds\/([\w-]{16,})/g)) values.push(['feed secret sent by email', match[1] as string]);
    for (const match of text.matchAll(/\/waitlist-offers?\/([\w-]{16,})/g)) values.push(['offer token sent by email', match[1] as string]);
  }
  const offers = await db.query<{ offer_token: string }>('SELECT offer_token FROM waitlist_entries WHERE offer_token IS NOT NULL');
  for (const o of offers.rows) values.push(['waitlist offer token', o.offer_token]);
  return values;
}

/**
 * Scans a stopped server's run: every Luhn-valid 13-19 digit number in its log and in every table of its database,
 * and in its log every secret (by shape and by the values the run used) and every person's data (by shape, and each
 * email, phone and name in its database).
 */
export async function leftBehind(logFile: string, dataDir: string): Promise<LeftBehind> {
  const log = await readFile(logFile, 'utf8');
  const cardNumbers = findCardNumbers(log).map((n) => `log: ${n}`);
  const inLog: string[] = [];
  for (const [label, pattern] of [...secretPatterns, ...personalPatterns]) {
    for (const match of log.matchAll(pattern)) inLog.push(`log: ${label} ${match[0].slice(0, 12)}...`);
  }
  const db = await PGlite.create({ dataDir });
  try {
    const tables = await db.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'");
    for (const { table_name } of tables.rows) {
      const rows = await db.query<Record<string, unknown>>(`SELECT * FROM "${table_name}"`);
      // Session token hashes are random hex, never input: a run of digits in one can pass the Luhn check by chance.
      for (const row of rows.rows) delete row.token_hash;
      for (const n of findCardNumbers(JSON.stringify(rows.rows))) cardNumbers.push(`${table_name}: ${n}`);
    }
    for (const [label, value] of await knownValues(db)) {
      if (word(value).test(log)) inLog.push(`log: ${label} ${value.slice(0, 3)}...`);
    }
  } finally {
    await db.close();
  }
  return { cardNumbers, inLog: [...new Set(inLog)] };
}
