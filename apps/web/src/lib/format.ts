import { dateFormats, dayjs, formatMoney } from '@app/contracts';
import { getShownZone } from './shown-zone';

/**
 * The one place the app turns money and dates into words (issue 13, defects 1 and 8; decision 090).
 *
 * Money is shown from its value and currency, never from a string a call happened to carry, so every price and
 * credit reads to 2 decimals with the spec's symbol rules wherever it appears.
 */
export const showMoney = (money: { value: number; currency: string }): string => formatMoney(money.value, money.currency);

/** An amount in the smallest unit in the client's currency (credit balances, totals worked out here). */
export const showAmount = (amount: number, currency = 'GBP'): string => formatMoney(amount, currency);

/** An ISO instant ('2026-06-24T23:30:00.000Z', or with an offset), as opposed to a day or the wire's local text. */
const isInstant = (value: string) => /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value);

/**
 * A value at the wall clock it is shown on: an instant in the client's zone; a day slug ('2026-11-24') or the wire's
 * local text ('2026-11-24 18:30:00', already the venue's wall clock) as written, never moved by any zone.
 */
const wallClock = (value: string) =>
  isInstant(value) ? dayjs(value).tz(getShownZone()) : dayjs(value.replace(' ', 'T').slice(0, value.length > 10 ? 16 : 10));

/**
 * A day, the spec's session-detail form: 'Tue, 24 Nov 2026'. Takes a day slug ('2026-11-24'), the wire's local text
 * ('2026-11-24 18:30:00') or an ISO instant (shown on the client's wall clock). DD-MM-YYYY stays for what a person
 * types into a date field.
 */
export const showDate = (value: string | null | undefined): string => (value ? wallClock(value).format(dateFormats.sessionDay) : '');

/** A day and a time, from the wire's local text or an instant: 'Tue, 24 Nov 2026, 18:30'. */
export const showDateTime = (value: string): string => {
  const at = wallClock(value);
  return `${at.format(dateFormats.sessionDay)}, ${at.format(dateFormats.time24)}`;
};

/** A time of day, from the wire's local text or an instant: '18:30'. */
export const showTime = (value: string): string => wallClock(value).format(dateFormats.time24);

/** The short weekday of a day: 'Tue'. */
export const showWeekday = (value: string): string => wallClock(value).format('ddd');
