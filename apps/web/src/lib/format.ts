import { dateFormats, dayjs, formatMoney } from '@app/contracts';

/**
 * The one place the app turns money and dates into words (issue 13, defects 1 and 8; decision 090).
 *
 * Money is shown from its value and currency, never from a string a call happened to carry, so every price and
 * credit reads to 2 decimals with the spec's symbol rules wherever it appears.
 */
export const showMoney = (money: { value: number; currency: string }): string => formatMoney(money.value, money.currency);

/** An amount in the smallest unit in the client's currency (credit balances, totals worked out here). */
export const showAmount = (amount: number, currency = 'GBP'): string => formatMoney(amount, currency);

/**
 * A day, the spec's session-detail form: 'Tue, 24 Nov 2026'. Takes a day slug ('2026-11-24'), the wire's local text
 * ('2026-11-24 18:30:00') or an ISO instant's date part. DD-MM-YYYY stays for what a person types into a date field.
 */
export const showDate = (value: string | null | undefined): string =>
  value ? dayjs(value.slice(0, 10)).format(dateFormats.sessionDay) : '';

/** A day and a time from the wire's local text: 'Tue, 24 Nov 2026, 18:30'. */
export const showDateTime = (text: string): string => {
  const at = dayjs(text.replace(' ', 'T').slice(0, 16));
  return `${at.format(dateFormats.sessionDay)}, ${at.format(dateFormats.time24)}`;
};

/** The short weekday of a day: 'Tue'. */
export const showWeekday = (value: string): string => dayjs(value.slice(0, 10)).format('ddd');
