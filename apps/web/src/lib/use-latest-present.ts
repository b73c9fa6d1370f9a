import { useState } from 'react';

/**
 * The value, or while it is null the last value it had: a closing panel keeps showing what it showed while it
 * slides away, instead of going blank.
 */
export function useLatestPresent<T>(value: T | null): T | null {
  const [latest, setLatest] = useState<T | null>(value);
  if (value !== null && value !== latest) setLatest(value);
  return value ?? latest;
}
