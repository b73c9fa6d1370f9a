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
  // Every journey on a desktop, and the ones where a phone matters most (timetables, the court grid, booking and
  // paying for a class, the basket) again on a phone-sized touch screen: journeys tagged @phone (decision 094).
  // Running everything twice would double a suite that already takes 10-18 minutes of CI's 30.
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      grep: /@phone/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
});
