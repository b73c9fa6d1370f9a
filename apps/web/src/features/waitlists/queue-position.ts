/**
 * An en-GB ordinal for a place in a waitlist's queue: '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st',
 * '22nd', '101st', '111th'. The teens always take 'th'.
 */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const units = n % 10;
  return `${n}${units === 1 ? 'st' : units === 2 ? 'nd' : units === 3 ? 'rd' : 'th'}`;
}
