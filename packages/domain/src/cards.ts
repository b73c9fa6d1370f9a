/** Luhn checksum over the digits of a card number (spaces ignored). */
export function luhnValid(input: string): boolean {
  const digits = input.replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(input: string): string {
  const d = input.replace(/\s+/g, '');
  if (/^4/.test(d)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(d)) return 'mastercard';
  if (/^3[47]/.test(d)) return 'amex';
  return 'card';
}

/**
 * Every 13-19 digit run in a text that passes Luhn: what must never appear in our logs or database. Digits after a
 * decimal point (a fraction such as a response time) are not a number of their own and are skipped, and so are digits
 * inside a word: a hex hash or token (session token hashes, item hashes) has digit runs that pass Luhn by chance.
 */
export function findCardNumbers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?<![\w.])\d{13,19}(?!\w)/g)) if (luhnValid(m[0])) found.push(m[0]);
  return found;
}
