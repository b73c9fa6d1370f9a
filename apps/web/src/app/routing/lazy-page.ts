import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { loadChunk } from './load-chunk';

/**
 * A route whose page is its own chunk, loaded when the route is first matched (or earlier, on intent: see
 * prefetch.ts), within the chunk-load timeout. `render` builds the element from the loaded module, so a page can
 * take props from the route table (`kind="courses"`).
 */
export function lazyPage<M>(load: () => Promise<M>, render: (module: M) => ReactNode): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: render(await loadChunk(load)) }) };
}
