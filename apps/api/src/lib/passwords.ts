import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { AppError } from './errors';
import { Gate } from './gate';

/** OWASP's scrypt parameters: N=2^17, r=8, p=1. They need 128 MiB, over Node's 32 MiB default maxmem. */
const params = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const MAXMEM = 256 * 1024 * 1024;
/** What a new hash is derived with; exported for the logins bench's raw-scrypt baseline (bench/logins.ts). */
export const scryptSettings = { ...params, keyLength: KEY_LENGTH, maxmem: MAXMEM } as const;

/**
 * Each derivation holds 128 MiB and about a second of CPU, so a burst of logins or sign-ups could take the process
 * down: at most a few run at once, a short line waits, and past that the caller gets 503 with Retry-After at once.
 * The gate is per process because memory and libuv's thread pool are. Set from config at start-up (buildApp).
 */
let gate = new Gate({ running: 2, waiting: 16 });
export const RETRY_HASHING_AFTER_SECONDS = 2;

export function setPasswordHashingLimits(limits: { running: number; waiting: number }): void {
  gate = new Gate(limits);
}

function derive(password: string, salt: Buffer, o: ScryptOptions): Promise<Buffer> {
  return gate.run(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...o, maxmem: MAXMEM }, (err, key) => (err ? reject(err) : resolve(key))),
      ),
    () => new AppError('busy', { retryAfterSeconds: RETRY_HASHING_AFTER_SECONDS }),
  );
}

/** 'scrypt$N$r$p$salt$hash': the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of nothing anyone knows, verified when the account does not exist so both paths take the same time. */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> => {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
};
