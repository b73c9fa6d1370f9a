import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { accountOriginPages, bookingPages, type RoutePage } from '../src/app/routing/route-pages';

/** What the server reads to preload a path's chunks (apps/api/src/http/app-page.ts). */
type OutputChunk = Rolldown.OutputChunk;

export interface RoutePreloads {
  bookings: { path: string; scripts: string[] }[];
  account: { path: string; scripts: string[] }[];
}

/**
 * Writes dist/.vite/route-preloads.json (decision 210): for each path of src/app/routing/route-pages.ts, the built
 * scripts its page needs beyond what the entry already loads (the page's chunk and the chunks it imports), so the
 * server can list them as `modulepreload` links in the page and the browser fetches them beside the entry.
 */
export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: OutputChunk[]): Set<string> => {
        const seen = new Set<string>();
        const visit = (chunk: OutputChunk | undefined) => {
          if (!chunk || seen.has(chunk.fileName)) return;
          seen.add(chunk.fileName);
          for (const file of chunk.imports) visit(byFile.get(file));
        };
        for (const chunk of start) visit(chunk);
        return seen;
      };
      const loadedByEntry = closure(chunks.filter((c) => c.isEntry));
      const chunkOf = (file: string): OutputChunk => {
        const chunk = chunks.find((c) => c.facadeModuleId === path.join(root, file));
        if (!chunk) this.error(`route-preloads: no chunk for ${file} (is it still loaded lazily by the router?)`);
        return chunk;
      };
      const preloads = (pages: RoutePage[]) =>
        pages.map(({ path: route, files }) => ({
          path: route,
          scripts: [...closure(files.map(chunkOf))].filter((f) => !loadedByEntry.has(f)).map((f) => `/${f}`),
        }));
      const data: RoutePreloads = { bookings: preloads(bookingPages), account: preloads(accountOriginPages) };
      this.emitFile({ type: 'asset', fileName: '.vite/route-preloads.json', source: JSON.stringify(data) });
    },
  };
}
