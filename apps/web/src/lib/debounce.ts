import { useCallback, useEffect, useRef } from 'react';

/** The spec's debounce for a login attempt, a cart add and a cart remove (doc 1, section 9). */
export const ACTION_DEBOUNCE_MS = 250;

/**
 * A callback that runs once, `wait` ms after the last call: a double click or a key held down sends one request.
 */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, wait = ACTION_DEBOUNCE_MS) {
  const fnRef = useRef(fn);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  fnRef.current = fn;
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (...args: A) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => fnRef.current(...args), wait);
    },
    [wait],
  );
}
