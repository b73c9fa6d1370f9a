/** When a place taken into a basket is given back. */
export const holdExpiresAt = (now: Date, holdMinutes: number): Date => new Date(now.getTime() + holdMinutes * 60_000);

export const isHoldExpired = (expiresAt: Date | null, now: Date): boolean => expiresAt !== null && expiresAt <= now;
