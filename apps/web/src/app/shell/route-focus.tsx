import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to draw its heading (a lazy page's chunk, its first data) before focus settles on main. */
const WAIT_MS = 10_000;

/**
 * Moves focus to the new page's heading when the path changes (issue 13, defect 10; decision 094), so a keyboard or
 * screen-reader user starts at the top of what changed instead of on the page body. Not on the first load (the
 * browser starts at the top), not when only the query changes (filters), and not when focus is on a control that
 * is still on screen inside an element marked `data-keep-focus` (the day strip: stepping through days keeps your
 * place).
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is the path change itself
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.isConnected && active.closest('[data-keep-focus]')) return;
    const main = document.getElementById('main-content');
    if (!main) return;
    const started = Date.now();
    const before = document.activeElement;
    let frame = 0;
    const settle = () => {
      // The customer moved on while the page was loading: leave focus where they put it.
      const now = document.activeElement;
      if (now !== before && now !== document.body && now !== null) return;
      const heading = main.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        return;
      }
      if (Date.now() - started > WAIT_MS) {
        main.focus({ preventScroll: true });
        return;
      }
      frame = requestAnimationFrame(settle);
    };
    frame = requestAnimationFrame(settle);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return null;
}
