/**
 * The building blocks every route's input is made of, so bad input is refused at the edge with a 422 and never
 * reaches SQL (issue 9, fault 7): ids fit PostgreSQL's `integer`, dates are real calendar days in a window the
 * database and the timezone maths can hold, and text carries no control characters (PostgreSQL refuses NUL in
 * `text`; the others have no place in a name, a slug or a note).
 */

/** The largest value of PostgreSQL's `integer`, the type of every id and count column. */
export const INT32_MAX = 2_147_483_647;

/** Dates outside these years are refused: nobody books, or was born, outside them. */
export const EARLIEST_YEAR = 1900;
export const LATEST_YEAR = 2199;

export const controlCharacterMessage = 'Must not contain control characters';
export const calendarDayMessage = `Must be a real date between ${EARLIEST_YEAR} and ${LATEST_YEAR}`;

/**
 * C0 controls (tab, line feed and carriage return stay allowed, for notes and terms), DEL, and halves of a UTF-16
 * surrogate pair that arrived alone (not text at all).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
const control = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasControlCharacters = (text: string): boolean => control.test(text);

/**
 * The dotted keys ('items.0.id', the spec's field-error form) of every string in a JSON value, or object key, that
 * carries a control character. `depth` bounds the walk; deeper input is refused by the body's own schema.
 */
export function controlCharacterFields(value: unknown, at = '', depth = 0, found: string[] = []): string[] {
  if (found.length >= 20 || depth > 64) return found;
  if (typeof value === 'string') {
    if (hasControlCharacters(value)) found.push(at || '_');
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) controlCharacterFields(item, at ? `${at}.${i}` : String(i), depth + 1, found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const path = at ? `${at}.${key}` : key;
      if (hasControlCharacters(key)) found.push(path);
      else controlCharacterFields(item, path, depth + 1, found);
    }
  }
  return found;
}

/** 'YYYY-MM-DD' (and the date part of a date-time) names a day that exists, within the years above. */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < EARLIEST_YEAR || year > LATEST_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
