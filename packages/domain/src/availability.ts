/** Places left, never negative (a session over capacity after a manual change shows 0, not -1). */
export const availablePlaces = (maximum: number, consumed: number): number => Math.max(0, maximum - consumed);

/**
 * The low-availability warning: available is at most 20% of maximum, rounded down (doc 2, section 9).
 * A sold-out session is not "low": it is sold out.
 */
export function isLowAvailability(available: number, maximum: number): boolean {
  if (available <= 0 || maximum <= 0) return false;
  return available <= Math.floor(maximum * 0.2);
}
