import { createHash, hash, randomBytes } from 'node:crypto';

const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';

/** A random, URL-safe, non-numeric id with a prefix: 'oc_' + 20 characters. */
export function randomId(prefix: string, length = 20): string {
  const bytes = randomBytes(length);
  let out = prefix;
  for (const b of bytes) out += alphabet[b % 32];
  return out;
}

/** A deterministic occurrence id, so regenerating a schedule finds the same occurrences. */
export function occurrenceId(scheduleId: number, recurrenceId: number | null, originalStartsAt: Date): string {
  const digest = createHash('sha256')
    .update(`${scheduleId}:${recurrenceId ?? '-'}:${originalStartsAt.toISOString()}`)
    .digest();
  let out = 'oc_';
  for (let i = 0; i < 20; i++) out += alphabet[(digest[i] as number) % 32];
  return out;
}

/** One-shot hashing (every request with a session hashes its token): a third of createHash's cost for a short text. */
export const sha256 = (value: string): string => hash('sha256', value, 'hex');

export const newToken = (): string => randomBytes(32).toString('base64url');

/** Upper-case letters and digits a person cannot confuse when reading one out at a till: no 0/O, 1/I, and 32 of them. */
export const referenceAlphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** Random characters in a customer reference: 50 bits, so references can be neither counted nor guessed (decision 076). */
export const referenceRandomLength = 10;

/**
 * A customer reference readable at a till: the client's initials and 10 random characters (e.g. NO7KQ2MZ8PXC). The
 * migration 0009 re-issues earlier, sequential references in the same format.
 */
export function newCustomerReference(clientIdentifier: string): string {
  let out = clientIdentifier.slice(0, 2).toUpperCase();
  // 256 is a multiple of 32, so each byte picks a character uniformly.
  for (const b of randomBytes(referenceRandomLength)) out += referenceAlphabet[b % 32];
  return out;
}
