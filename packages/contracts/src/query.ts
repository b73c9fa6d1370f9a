import { calendarDayMessage, isCalendarDay } from './input';
import { z } from './zod-setup';

/**
 * A list in a query string: `ids=1&ids=2`, `ids[]=1&ids[]=2` (both folded to `ids` by the API's query parser) or
 * `ids=1,2`. A single value becomes a one-item list.
 */
export const queryList = <T extends z.ZodType>(item: T, options: { min?: number; max?: number } = {}) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === '') return undefined;
      const values = Array.isArray(v) ? v : [v];
      return values.flatMap((x) => (typeof x === 'string' ? x.split(',').filter((s) => s !== '') : [x]));
    },
    z
      .array(item)
      .min(options.min ?? 0)
      .max(options.max ?? 100),
  );

/** RFC 3339 ('2026-11-22T18:00:00Z', with offset) or the spec's 'YYYY-MM-DD HH:MM:SS' (read in the client's zone). */
export const instantText = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])([ T])([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/, {
    message: 'Must be a date and time as YYYY-MM-DD HH:MM:SS or RFC 3339',
    abort: true,
  })
  .refine(isCalendarDay, calendarDayMessage);

export const rfc3339 = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]\d{2}:\d{2})$/, {
    message: 'Must be an RFC 3339 date and time',
    abort: true,
  })
  .refine(isCalendarDay, calendarDayMessage);
