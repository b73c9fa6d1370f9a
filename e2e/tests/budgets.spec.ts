import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures';
import { nextDayOn, registerCustomer } from '../support';

/*
 * Byte budgets (decision 085): what a customer's first visit to each main page downloads before it can use it,
 * measured in Chromium against the built app. Bytes do not vary from run to run, so they are asserted here;
 * timings and Lighthouse scores are measured in bench/ (npm run bench:lighthouse).
 */
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
const KB = 1024;
/** A day the demo's spin classes run (Monday to Saturday): never assume tomorrow has one. */
const spinDay = () => nextDayOn([1, 2, 3, 4, 5, 6]);
const timetableUrl = () => `/location/harrogate/spin/${spinDay()}`;
/**
 * Initial JavaScript per route, gzip: what this build loads (decision 210), with 2-3 KB of room. Issue 12 asks for
 * 120 KB; the shell alone is 127 KB, 108 KB of it React DOM, React Router, TanStack Query and i18next, which one
 * chunk of those libraries and nothing else already reaches (decision 210 gives the measurements and what 120 KB
 * would take). Lower these as the pages shrink; raise one only with its reason written here.
 * Raised after courses and camps landed (decision 186): the demo's spin class asks a question, so its basket loads the
 * question form, its validation schemas (23 KB) and the HTML sanitiser for the operator's help text (11 KB), lazily,
 * only because the line needs answers; checkout and the timetable grew by about 1 KB each. Then checkout by 1.5 KB
 * more (its error summary and the save-card choice beside every provider's card fields, decisions 222 and 240) and
 * the timetable by 0.5 KB (booking for a linked user, decision 248). Lowered for the timetable (255.5 KB) when a class
 * day stopped loading the court grid, the ticket picker and the booking dialogs before they are shown (decision 282);
 * for the basket (193.4 KB) and checkout (223.9 KB) when the terms' modal and sanitiser load as the terms are opened and
 * the "booking for" select only for a customer with someone to book for (decision 282). Lowered for the timetable
 * (186.8 KB), the basket (170.0 KB) and My account (175.5 KB) when the date picker, the filters' and the "booking
 * for" selects and the session details load when first used, and the basket's question rules stopped pulling in zod
 * (decision 294). Raised for the basket (172.0 KB, 7 bytes over 172) when the shell started keeping the selected
 * venue's cookie and each wire key's camelCase form instead of working them out again on every render (decision 306).
 */
const scriptBudgets = { home: 146, timetable: 189, basket: 173, checkout: 226, account: 178 } satisfies Record<string, number>;
type Route = keyof typeof scriptBudgets;
/** Initial CSS per route, gzip (8.1 KB in this build). */
const styleBudget = 9 * KB;

/** The gzip size of a built file: the `.gz` the build wrote beside it, or for a file too small for one, gzip of it. */
function gzipSize(file: string): number {
  const gz = path.join(dist, `${file}.gz`);
  return existsSync(gz)
    ? statSync(gz).size
    : Math.min(statSync(path.join(dist, file)).size, gzipSync(readFileSync(path.join(dist, file))).length);
}

interface Loaded {
  url: string;
  type: 'script' | 'stylesheet';
  encoding: string | undefined;
  cacheControl: string | undefined;
}

/** Every script and stylesheet a page loads from the first request until the network is quiet. */
async function loadAndCollect(page: Page, url: string, ready: (page: Page) => Promise<void>): Promise<Loaded[]> {
  const loaded: Loaded[] = [];
  const seen = async (response: Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const headers = await response.allHeaders();
    loaded.push({ url: response.url(), type, encoding: headers['content-encoding'], cacheControl: headers['cache-control'] });
  };
  page.on('response', seen);
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  page.off('response', seen);
  return loaded;
}

const fileOf = (url: string) => new URL(url).pathname.replace(/^\//, '');

function expectWithinBudget(label: Route, loaded: Loaded[]): void {
  const scripts = loaded.filter((l) => l.type === 'script').map((l) => fileOf(l.url));
  const styles = loaded.filter((l) => l.type === 'stylesheet').map((l) => fileOf(l.url));
  const scriptBytes = scripts.reduce((sum, f) => sum + gzipSize(f), 0);
  const styleBytes = styles.reduce((sum, f) => sum + gzipSize(f), 0);
  const list = scripts.map((f) => `${f} ${(gzipSize(f) / KB).toFixed(1)} KB`).join('\n');
  // What this build loads, beside the budget, for the report and for lowering the budget when it shrinks.
  test.info().annotations.push({
    type: `${label}: initial JS, gzip`,
    description: `${(scriptBytes / KB).toFixed(1)} KB in ${scripts.length} scripts`,
  });
  console.log(
    `${label}: ${(scriptBytes / KB).toFixed(1)} KB of scripts in ${scripts.length} files, ${(styleBytes / KB).toFixed(1)} KB of styles (gzip)`,
  );
  expect
    .soft(scriptBytes, `${label}: ${(scriptBytes / KB).toFixed(1)} KB of scripts (gzip)\n${list}`)
    .toBeLessThanOrEqual(scriptBudgets[label] * KB);
  expect.soft(styleBytes, `${label}: ${(styleBytes / KB).toFixed(1)} KB of styles (gzip)`).toBeLessThanOrEqual(styleBudget);
  for (const l of loaded) {
    // Every built asset arrives compressed and is cached for a year under its hashed name.
    if (gzipSize(fileOf(l.url)) < statSync(path.join(dist, fileOf(l.url))).size) {
      expect.soft(l.encoding ?? 'none', `${l.url} compressed`).toMatch(/^(br|gzip)$/);
    }
    expect.soft(l.cacheControl, `${l.url} cached`).toBe('public, max-age=31536000, immutable');
    // The staff console is its own lazily loaded tree: nothing of it reaches a customer's page.
    const map = path.join(dist, `${fileOf(l.url)}.map`);
    if (existsSync(map)) {
      const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
      expect(
        sources.filter((s) => s.includes('/features/staff/')),
        `${l.url} holds staff code`,
      ).toEqual([]);
    }
  }
}

test.describe('byte budgets of a first visit', () => {
  test('home, a venue and a timetable, as a visitor', async ({ page }) => {
    expectWithinBudget('home', await loadAndCollect(page, '/', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()));
    await page.context().clearCookies();
    expectWithinBudget(
      'timetable',
      await loadAndCollect(page, timetableUrl(), async (p) => {
        await expect(p.getByRole('heading', { name: 'Spin', level: 3 }).first()).toBeVisible();
        // The venue's footer (operator HTML) brings the sanitiser once its answer is in: counted every time, not only
        // when it comes before the network goes quiet.
        await expect(p.getByRole('contentinfo').getByText(/Call us on/)).toBeVisible();
      }),
    );
  });

  test('basket, checkout and My account, logged in with a class in the basket', async ({ page }) => {
    await registerCustomer(page);
    const timetable = await page.request.get(`/api/activities/venue/harrogate/activity/spin/v2/timetable?date=${spinDay()}`);
    const { data } = (await timetable.json()) as { data: { id: string; bookable_action: { action: string } }[] };
    const open = data.find((o) => o.bookable_action.action === 'book');
    expect(open, 'an open spin class on a spin day').toBeDefined();
    const added = await page.request.post('/api/checkout/cart/add', { data: { items: [{ id: open?.id, type: 'purchasableOccurrence' }] } });
    expect(added.status()).toBe(200);

    expectWithinBudget('basket', await loadAndCollect(page, '/basket', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()));
    expectWithinBudget(
      'checkout',
      await loadAndCollect(page, '/basket/checkout', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()),
    );
    expectWithinBudget(
      'account',
      await loadAndCollect(page, '/account', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()),
    );
  });

  test('the app page carries the client, theme and session, and is never cached', async ({ page }) => {
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(new URL(r.url()).pathname);
    });
    const response = await page.goto(timetableUrl());
    expect(response?.headers()['cache-control']).toBe('no-store');
    expect(response?.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
    await expect(page.getByRole('heading', { name: 'Spin', level: 3 }).first()).toBeVisible();
    // The client, its theme and who is logged in came with the page: the app asked the API for none of them.
    expect(apiCalls).not.toContain('/api/client');
    expect(apiCalls).not.toContain('/api/frontend/theme');
    expect(apiCalls).not.toContain('/api/auth/user');
  });

  test("a timetable asks for its day at once: no API answer, and no wait for the entry's code, comes first", async ({ page }) => {
    // Every API answer is held back until the day's sessions have been asked for: if that request needed another
    // answer first (the venue, the activity, its days), it would never be made and the page would never show a class.
    const asked: string[] = [];
    let release: () => void = () => {};
    const dayAsked = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/**', async (route) => {
      const url = new URL(route.request().url());
      asked.push(`${route.request().method()} ${url.pathname}`);
      if (url.pathname.endsWith('/timetable')) release();
      else await dayAsked;
      await route.continue();
    });
    const response = await page.goto(timetableUrl());
    await expect(page.getByRole('heading', { name: 'Spin', level: 3 }).first()).toBeVisible();
    test.info().annotations.push({ type: 'API calls of a cold timetable load, in order', description: asked.join(', ') });
    expect(asked.filter((a) => a.endsWith('/timetable'))).toEqual(['GET /api/activities/venue/harrogate/activity/spin/v2/timetable']);
    // What the page needs before its day came with the HTML: none of it was asked for.
    for (const call of [
      '/api/client',
      '/api/frontend/theme',
      '/api/auth/user',
      '/api/activities/venues/harrogate',
      '/api/activities/venue/harrogate/categories/spin',
    ]) {
      expect(asked, call).not.toContain(`GET ${call}`);
    }
    // The page's own chunk is preloaded by the HTML, beside the entry, rather than found once the entry has run.
    const html = (await response?.text()) ?? '';
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/timetable-page-[\w-]+\.js">/);
    expect(html).toContain('<title>Northfield Leisure</title>');
    await expectAccessible(page, 'a timetable loaded cold');
  });
});
