import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { localeNamespaces } from './build/locale-namespaces';

export default defineProject({
  // Each module adds the locale namespaces it uses, as in the build (decision 210).
  plugins: [localeNamespaces(), react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // A page test drives a whole route with many user events: 3-6 s on a busy shared machine, so the default 5 s
    // made load look like failures.
    testTimeout: 20_000,
  },
});
