import { createHash, randomBytes } from 'node:crypto';

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

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const newToken = (): string => randomBytes(32).toString('base64url');
