import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';
import { installPrefetchOnIntent, prefetchRoute } from './prefetch';

function routesWith(load: () => Promise<unknown>): RouteObject[] {
  return [{ path: '/', children: [{ path: 'basket', ...lazyPage(load, () => null) }] }];
}

describe('prefetch on intent', () => {
  it('starts loading the code of the page a link leads to', () => {
    const load = vi.fn(async () => null);
    prefetchRoute(routesWith(load), '/basket?x=1', 'http://localhost/');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves other origins and unknown pages alone', () => {
    const load = vi.fn(async () => null);
    prefetchRoute(routesWith(load), 'https://elsewhere.example/basket', 'http://localhost/');
    prefetchRoute(routesWith(load), '/nowhere', 'http://localhost/');
    expect(load).not.toHaveBeenCalled();
  });

  it('loads once per path when a pointer rests on, or focus reaches, a link', () => {
    const load = vi.fn(async () => null);
    const stop = installPrefetchOnIntent(routesWith(load));
    const link = document.createElement('a');
    link.href = '/basket';
    link.append(document.createElement('span'));
    document.body.append(link);
    link.firstChild?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    link.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    stop();
    link.remove();
  });
});
