/**
 * Pure helpers behind the basket's hold countdown (decision 121). Kept free of React and timers so the
 * arithmetic can be tested directly.
 */

/** Whole seconds left until `expiresAt`, never negative. Rounded up so '0:00' only shows once the hold has ended. */
export function secondsLeft(expiresAt: string | Date, now: number): number {
  const ms = new Date(expiresAt).getTime() - now;
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}

/** 'm:ss' (or 'h:mm:ss' past an hour), the way a countdown clock reads. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const secs = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

/** The moments screen readers hear about: announcing every second would drown everything else out. */
export type HoldThreshold = 'fiveMinutes' | 'oneMinute' | 'expired';

/** Which threshold, if any, the clock crossed between two readings (seconds left, `before` > `after`). */
export function crossedThreshold(before: number, after: number): HoldThreshold | null {
  if (before > 0 && after <= 0) return 'expired';
  if (before > 60 && after <= 60) return 'oneMinute';
  if (before > 300 && after <= 300) return 'fiveMinutes';
  return null;
}
