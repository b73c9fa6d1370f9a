import { z } from './zod-setup';

/** ISO 4217 code to display symbol. Unknown codes display the code itself. */
const symbols: Record<string, string> = { GBP: '£', EUR: '€', USD: '$' };

export const currencySymbol = (currency: string): string => symbols[currency] ?? currency;

/**
 * Formats an amount held in the smallest currency unit: two decimals, no space after '£' and a space
 * after any other symbol (spec doc 1, section 3). Negative amounts put the sign before the symbol.
 */
export function formatMoney(amount: number, currency = 'GBP'): string {
  const symbol = currencySymbol(currency);
  const sign = amount < 0 ? '-' : '';
  const major = (Math.abs(amount) / 100).toFixed(2);
  return symbol === '£' ? `${sign}£${major}` : `${sign}${symbol} ${major}`;
}

/** A price on the wire: value in the smallest unit, its currency and the formatted text. */
export const money = z.object({
  value: z.number().int(),
  formatted: z.string(),
  currency: z.string().length(3),
});
export type Money = z.infer<typeof money>;

export const toMoney = (value: number, currency: string): Money => ({
  value,
  formatted: formatMoney(value, currency),
  currency,
});
