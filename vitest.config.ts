import { defineConfig } from 'vitest/config';

const postgres = process.env.TEST_DATABASE_URL;

/**
 * Every test under `npm test`: pure packages, the bench's helpers, the API on PGlite (a migrated snapshot per file), the same API suite
 * on PostgreSQL plus the concurrency tests when TEST_DATABASE_URL is set, and the web components.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'bench', include: ['bench/lib/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.pg.test.ts'],
          environment: 'node',
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { TEST_DB: 'pglite' },
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'api-postgres',
                root: 'apps/api',
                include: ['src/**/*.test.ts'],
                environment: 'node',
                globalSetup: ['src/test/global-setup.ts'],
                testTimeout: 60_000,
                hookTimeout: 120_000,
                env: { TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
      'apps/web/vitest.config.{ts,mts}',
    ],
  },
});
