import { defineConfig } from '@playwright/test';

/**
 * Journeys in Debian's Chromium (never a downloaded browser) against the real server, which each worker starts on a
 * fresh database (see fixtures.ts). `npm run test:e2e` builds the app first.
 */
export default defineConfig({
  testDir: './tests',
  // Builds the app and the compiled API first when their sources changed (scripts/build-if-changed.mjs).
  globalSetup: './global-setup.ts',
  outputDir: './.runs/results',
  fullyParallel: false,
  workers: 2,
  // One retry, so a journey that fails once from machine load does not sink a run; Playwright reports such a
  // journey as flaky, and a flaky journey is a bug to fix, not to live with (decision 010).
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // No toast is ever half-faded when axe reads its contrast (the app honours reduced motion).
    contextOptions: { reducedMotion: 'reduce' },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    trace: 'retain-on-failure',
  },
});
