import optimizeLocales from '@react-aria/optimize-locales-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type PluginOption } from 'vite';
import { localeNamespaces } from './build/locale-namespaces';
import { precompress } from './build/precompress';
import { pureSchemas } from './build/pure-schemas';
import { routePreloads } from './build/route-preloads';

const api = process.env.API_URL ?? 'http://localhost:3001';

/**
 * `ANALYZE=1 npm run build` also writes dist/stats.html: what each chunk holds, by size (gzip and brotli too), to
 * see what a customer's page carries and why.
 */
const analyse: PluginOption[] = process.env.ANALYZE
  ? [visualizer({ filename: 'dist/stats.html', gzipSize: true, brotliSize: true, template: 'treemap' }) as PluginOption]
  : [];

export default defineConfig({
  plugins: [
    localeNamespaces(),
    // React Aria's own words in English only: the app is en-GB (decision 210); every other language's strings were ~20 KB gzip of the timetable.
    optimizeLocales.vite({ locales: ['en-US', 'en-GB'] }),
    pureSchemas(),
    react(),
    tailwindcss(),
    precompress(),
    routePreloads(),
    ...analyse,
  ],
  server: {
    port: 3000,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/sandbox-provider': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The server reads the manifest to preload the fonts a client's theme uses and the byte budgets read it to know
    // what each route loads (decision 085).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry loads is one chunk (decision 210): one request and one compression window instead of
          // some twenty small chunks, each with its own import and export lists (about 10 KB gzip less per page).
          // Only the modules the entry itself reaches: their other dependencies (zod behind the contracts' schemas)
          // stay with the pages that use them.
          groups: [{ name: 'shell', tags: ['$initial'], includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
