import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { leftBehind } from './card-scan';
import { type RunningServer, startServer } from './server';

export const demo = { email: 'demo@example.com', password: 'demo-pass-2026' };

type WorkerFixtures = { server: RunningServer };

/**
 * Each worker runs its own server on a fresh database, so journeys never share a basket. When the worker ends, the
 * server's log and database are scanned for card numbers, and its log for secrets and personal data: there must be
 * none.
 */
export const test = base.extend<{ baseURL: string }, WorkerFixtures>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's first parameter as an object pattern.
    async ({}, use, workerInfo) => {
      const server = await startServer(`worker${workerInfo.workerIndex}`);
      await use(server);
      await server.stop();
      await expectNoCardNumbers(server);
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

export { expect };

/**
 * Fails when a stopped server left a Luhn-valid card number in its log or database, or in its log a secret (a reset,
 * login, feed, offer or session token) or a person's data (an email, phone or name of anyone in its database).
 */
export async function expectNoCardNumbers(server: RunningServer): Promise<void> {
  const { cardNumbers, inLog } = await leftBehind(server.logFile, server.dataDir);
  if (cardNumbers.length > 0) throw new Error(`card numbers found after the run: ${cardNumbers.join(', ')}`);
  if (inLog.length > 0) throw new Error(`secrets or personal data found in the server log: ${inLog.join(', ')}`);
}

/**
 * A server of a test's own, with settings of its own (a hold of a few seconds, say), on a fresh database. It is
 * stopped and scanned for card numbers like the worker's server, whether the test passed or not.
 */
export async function withOwnServer<T>(name: string, env: Record<string, string>, run: (server: RunningServer) => Promise<T>): Promise<T> {
  const server = await startServer(name, env);
  let failure: unknown = null;
  try {
    return await run(server);
  } catch (e) {
    failure = e;
    throw e;
  } finally {
    await server.stop();
    // A test's own failure is the one to report; the scan still runs and speaks when the test passed.
    const scan = expectNoCardNumbers(server);
    if (failure === null) await scan;
    else await scan.catch(() => {});
  }
}

/** No WCAG 2.2 A or AA violations on the page as it stands. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // A toast fading in or out is half transparent, which axe reads as poor contrast: let finite animations end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // React Aria's live announcer (an off-screen live region) keeps each message it has spoken as an empty
  // `role="img"` labelled by the element it announced. Once that element is gone (a closed modal's heading), axe reads
  // the spoken message as an image without a name. It is not page content, so it is left out of the scan.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .exclude('[data-live-announcer]')
    .analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

export const tomorrow = (): string => {
  const d = new Date(Date.now() + 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
};
