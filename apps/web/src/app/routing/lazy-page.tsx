import { type ReactNode, use } from 'react';
import type { RouteObject } from 'react-router';
import { loadChunk } from './load-chunk';

type Load<M> = () => Promise<M>;

/** React reads a settled promise's outcome from these fields, so a loaded page renders without suspending again. */
type Tracked<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

interface Chunk {
  promise: Tracked<unknown>;
  failed?: boolean;
}

/** Each page chunk's load, once: navigations, prefetch on intent and the first render share it. */
const chunks = new Map<Load<unknown>, Chunk>();

/** Starts loading a page's chunk (within the chunk-load timeout), or gives the load already under way. */
export function loadPage<M>(load: Load<M>): Promise<M> {
  let chunk = chunks.get(load);
  if (!chunk) {
    const promise: Tracked<unknown> = loadChunk(load);
    const entry: Chunk = { promise };
    // Nobody may be waiting yet (a prefetch): the failure is the navigation's to report, not an unhandled rejection.
    promise.then(
      (module) => {
        promise.status = 'fulfilled';
        promise.value = module;
      },
      (error: unknown) => {
        promise.status = 'rejected';
        promise.reason = error;
        entry.failed = true;
      },
    );
    chunks.set(load, entry);
    chunk = entry;
  }
  return chunk.promise as Promise<M>;
}

/**
 * Forgets the chunks that failed, so the next navigation tries them again (a deployment may have replaced them, or
 * the network come back). Called when the page's error boundary resets; never while a failed page is on screen,
 * which would load it again in a loop.
 */
export function forgetFailedPages(): void {
  for (const [load, chunk] of chunks) if (chunk.failed) chunks.delete(load);
}

function LazyPage<M>({ load, render }: { load: Load<M>; render: (module: M) => ReactNode }) {
  // Suspends (the shell's PageLoading shows) until the chunk arrives; a failure reaches the route's error boundary.
  return render(use(loadPage(load)));
}

/** What the route table keeps of a lazy page: its loader, for prefetch on intent (prefetch.ts). */
export interface PageHandle {
  load: Load<unknown>;
}

/**
 * A route whose page is its own chunk, loaded when the route is first rendered (or earlier, on intent: see
 * prefetch.ts), within the chunk-load timeout. `render` builds the element from the loaded module, so a page can
 * take props from the route table (`kind="courses"`).
 */
export function lazyPage<M>(load: Load<M>, render: (module: M) => ReactNode): Pick<RouteObject, 'element' | 'handle'> {
  return { element: <LazyPage load={load} render={render} />, handle: { load } satisfies PageHandle };
}
