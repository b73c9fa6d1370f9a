import { matchRoutes, type RouteObject } from 'react-router';
import { loadPage, type PageHandle } from './lazy-page';

/** Starts loading the code of the pages `href` would show, if it is one of this app's pages; failures are the navigation's to report. */
export function prefetchRoute(routes: RouteObject[], href: string, base: string = window.location.href): void {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return;
  }
  if (url.origin !== new URL(base).origin) return;
  for (const { route } of matchRoutes(routes, url.pathname) ?? []) {
    const page = route.handle as PageHandle | undefined;
    if (page?.load) void loadPage(page.load);
  }
}

/**
 * Prefetch on intent (decision 085): when a pointer rests on a link, a finger touches it or the keyboard focuses it,
 * the code of the page it leads to starts loading, so following the link rarely waits for a chunk. Each path once.
 */
export function installPrefetchOnIntent(routes: RouteObject[], target: Document = document): () => void {
  const seen = new Set<string>();
  const onIntent = (event: Event) => {
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    const href = anchor?.getAttribute('href');
    if (!href || href.startsWith('#')) return;
    const path = href.split(/[?#]/)[0] ?? href;
    if (seen.has(path)) return;
    seen.add(path);
    prefetchRoute(routes, href);
  };
  const events = ['pointerover', 'focusin', 'touchstart'] as const;
  for (const name of events) target.addEventListener(name, onIntent, { passive: true });
  return () => {
    for (const name of events) target.removeEventListener(name, onIntent);
  };
}
