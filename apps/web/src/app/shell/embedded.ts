/**
 * Embedded mode (doc 1, section 1): ?embedded=true hides the header, footer and breadcrumbs for the rest of the
 * tab's visit, so an operator can frame the booking pages in their own site.
 */
const KEY = 'embedded';

export function isEmbedded(): boolean {
  if (typeof window === 'undefined') return false;
  const param = new URLSearchParams(window.location.search).get(KEY);
  if (param !== null) {
    const on = param === 'true' || param === '1';
    try {
      sessionStorage.setItem(KEY, on ? '1' : '0');
    } catch {
      // storage may be blocked inside a frame; the query parameter still decides this page
    }
    return on;
  }
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
