import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { escapeHtml, scriptSafeJson } from './app-page';

let t: TestApp;
let dist: string;
const template =
  '<!doctype html><html><head><link rel="icon" href="data:," /><title>Bookings</title><script type="module" src="/assets/index-1234.js"></script></head><body><div id="root"></div></body></html>';
/** What the web build writes for the server (apps/web/build/route-preloads.ts), in miniature. */
const routePreloads = {
  bookings: [
    { path: '', scripts: ['/assets/home-page-1.js'] },
    { path: 'basket', scripts: ['/assets/basket-page-2.js', '/assets/dialog-3.js'] },
    { path: 'account', scripts: ['/assets/account-layout-4.js', '/assets/dashboard-page-5.js'] },
    { path: 'location/:venueSlug/:activitySlug/:dateSlug/:type?/*', scripts: ['/assets/timetable-page-6.js'] },
    { path: ':venueSlug', scripts: ['/assets/venue-redirect-7.js'] },
  ],
  account: [{ path: '', scripts: ['/assets/account-layout-4.js', '/assets/dashboard-page-5.js'] }],
};
const script = 'console.log("the app");'.repeat(100);

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, '.vite'));
  await writeFile(path.join(dist, 'index.html'), template);
  await writeFile(path.join(dist, 'assets', 'app-1234.js'), script);
  await writeFile(path.join(dist, 'assets', 'app-1234.js.br'), brotliCompressSync(script));
  await writeFile(path.join(dist, 'assets', 'app-1234.js.gz'), gzipSync(script));
  await writeFile(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      '../../node_modules/@fontsource/roboto/files/roboto-latin-400-normal.woff2': { file: 'assets/roboto-latin-400-normal-ab12.woff2' },
      '../../node_modules/@fontsource/oswald/files/oswald-latin-700-normal.woff2': { file: 'assets/oswald-latin-700-normal-cd34.woff2' },
    }),
  );
  await writeFile(path.join(dist, '.vite', 'route-preloads.json'), JSON.stringify(routePreloads));
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

/** The boot state written into a page. */
function bootStateOf(html: string): Record<string, unknown> {
  const match = /<script id="boot-state" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no boot state in the page');
  return JSON.parse(match[1] as string) as Record<string, unknown>;
}

describe('serving the built app', () => {
  it('answers the home page and any app route with the app page', async () => {
    for (const url of ['/', '/basket', '/location/harrogate/spin/2026-11-23']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets for a year, compressed as the browser accepts, and never answers a missing one with the app page', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone-999.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing' })).json().code).toBe('not_found');
  });

  it('removes a trailing slash by redirect', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/basket/?x=1' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/basket?x=1');
  });
});

describe('the app page a visitor gets', () => {
  it('carries the client, its theme as data and as CSS variables, and says nobody is logged in', async () => {
    const res = await t.request({ method: 'GET', url: '/location/harrogate' });
    const state = bootStateOf(res.body);
    expect((state.client as { name: string }).name).toBe('Northfield Leisure');
    // The venue's page selects the venue: its theme comes too, beside the client's for the page as first loaded.
    expect(state.themes).toMatchObject([
      { venue: null, data: { theme_app_body_font_style: 'roboto' } },
      { venue: 'harrogate', data: { theme_app_body_font_style: 'roboto' } },
    ]);
    expect(state.user).toBeNull();
    expect(res.body).toMatch(/<style id="theme-vars">:root\{--theme-primary:#[0-9a-f]{6};/);
  });

  it("preloads the theme's body and heading faces", async () => {
    const res = await t.request({ method: 'GET', url: '/' });
    expect(res.body).toContain(
      '<link rel="preload" href="/assets/roboto-latin-400-normal-ab12.woff2" as="font" type="font/woff2" crossorigin>',
    );
    expect(res.body).toContain(
      '<link rel="preload" href="/assets/oswald-latin-700-normal-cd34.woff2" as="font" type="font/woff2" crossorigin>',
    );
  });

  it('is never stored by a cache, and is compressed when the browser accepts it', async () => {
    const res = await t.request({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-encoding']).toBe('br');
    expect(bootStateOf(brotliDecompressSync(res.rawPayload).toString()).client).toBeDefined();
    const gz = await t.request({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('id="boot-state"');
  });

  it("is each client's own: another client's host gets that client", async () => {
    const res = await t.request({ method: 'GET', url: '/', headers: { 'client-domain-identifier': 'riverside' } });
    expect((bootStateOf(res.body).client as { identifier: string }).identifier).toBe('riverside');
  });

  it('files the theme under the venue the app selects, so the app finds it there', async () => {
    const res = await t.request({ method: 'GET', url: '/', headers: { cookie: 'selected_venue=harrogate' } });
    expect(bootStateOf(res.body).themes).toMatchObject([{ venue: 'harrogate' }]);
    const kiosk = await t.request({
      method: 'GET',
      url: '/kiosk?kiosk=true&centre=ripon',
      headers: { cookie: 'selected_venue=harrogate' },
    });
    expect(bootStateOf(kiosk.body).themes).toMatchObject([{ venue: 'ripon' }]);
    const timetable = await t.request({
      method: 'GET',
      url: '/location/ripon/spin/2026-11-25',
      headers: { cookie: 'selected_venue=harrogate' },
    });
    expect(bootStateOf(timetable.body).themes).toMatchObject([{ venue: 'harrogate' }, { venue: 'ripon' }]);
  });

  it('falls back to the client theme for a venue without one, as the app does', async () => {
    const res = await t.request({ method: 'GET', url: '/', headers: { cookie: 'selected_venue=nowhere-at-all' } });
    expect(bootStateOf(res.body).themes).toMatchObject([
      { venue: 'nowhere-at-all', data: { theme_app_heading_font_style: 'garage_gothic' } },
    ]);
  });
});

describe("the app page's head", () => {
  /** The scripts a page tells the browser to fetch beside the entry. */
  const preloaded = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it("preloads the matched page's chunks, as the router ranks its routes", async () => {
    expect(preloaded((await t.request({ method: 'GET', url: '/' })).body)).toEqual(['/assets/home-page-1.js']);
    // A word outranks a parameter: /basket is the basket, not a venue called 'basket'.
    expect(preloaded((await t.request({ method: 'GET', url: '/basket' })).body)).toEqual([
      '/assets/basket-page-2.js',
      '/assets/dialog-3.js',
    ]);
    expect(preloaded((await t.request({ method: 'GET', url: '/harrogate' })).body)).toEqual(['/assets/venue-redirect-7.js']);
    // An optional segment may be there or not, and the splat takes the rest.
    for (const url of ['/location/harrogate/spin/2026-11-25', '/location/harrogate/spin/2026-11-25/list/more']) {
      expect(preloaded((await t.request({ method: 'GET', url })).body), url).toEqual(['/assets/timetable-page-6.js']);
    }
    expect(preloaded((await t.request({ method: 'GET', url: '/no/such/page/here/at/all' })).body)).toEqual([]);
  });

  it("carries the client's name as the title and its icon, before any script runs", async () => {
    const body = (await t.request({ method: 'GET', url: '/' })).body;
    expect(body).toContain('<title>Northfield Leisure</title>');
    expect(body).not.toContain('<title>Bookings</title>');
    expect(body).toMatch(/<link rel="icon" href="[^"]+">/);
    expect(body).not.toContain('href="data:,"');
  });

  it("carries an activity page's venue and category, so the page asks for its day at once", async () => {
    const state = bootStateOf((await t.request({ method: 'GET', url: '/location/harrogate/spin/2026-11-25' })).body);
    expect(state.venue).toMatchObject({ slug: 'harrogate', data: { slug: 'harrogate' } });
    expect(state.category).toMatchObject({ venue: 'harrogate', slug: 'spin', data: { slug: 'spin' } });
    // An activity that does not exist is left for the app to ask about (and show its not-found page).
    const missing = bootStateOf((await t.request({ method: 'GET', url: '/location/harrogate/no-such-thing/2026-11-25' })).body);
    expect(missing).not.toHaveProperty('category');
    expect(missing.venue).toBeDefined();
  });
});

describe('what a page shows first, in its HTML (decision 282)', () => {
  it("paints the header bar with the page: the client's logo or name inside the root, not in a frame nor when embedded", async () => {
    const root = (html: string) => /<div id="root">(.*?)<\/div><script id="boot-state"/s.exec(html)?.[1] ?? '';
    const page = root((await t.request({ method: 'GET', url: '/basket' })).body);
    expect(page).toContain('<header class="on-dark bg-header text-on-header">');
    expect(page).toMatch(/<img src="[^"]+" alt="[^"]+" width="167" height="40"|font-heading text-xl font-bold">[^<]+</);
    const framed = await t.request({ method: 'GET', url: '/basket', headers: { 'sec-fetch-dest': 'iframe' } });
    expect(root(framed.body)).toBe('');
    expect(root((await t.request({ method: 'GET', url: '/basket?embedded=true' })).body)).toBe('');
  });

  it("paints the home page's welcome with the page, as its Hero renders it, and only on the home page (decision 309)", async () => {
    const root = (html: string) => /<div id="root">(.*?)<\/div><script id="boot-state"/s.exec(html)?.[1] ?? '';
    const { body } = await t.request({ method: 'GET', url: '/' });
    const hero = (
      bootStateOf(body).client as { hero: { title: string; photo: { src: string; srcset: string; alt: string } | null } | null }
    ).hero;
    if (!hero) throw new Error('the demo client has a welcome');
    const page = root(body);
    // The operator's words, escaped as any text in the page is.
    expect(page).toContain(
      `<section aria-label="${escapeHtml(hero.title)}" class="relative overflow-hidden rounded-lg bg-gray-900 text-white">`,
    );
    if (hero.photo) {
      expect(page).toContain(
        `<img src="${escapeHtml(hero.photo.src)}" srcset="${escapeHtml(hero.photo.srcset)}" sizes="(min-width: 1280px) 1216px, 100vw"`,
      );
      expect(page).toContain(`alt="${escapeHtml(hero.photo.alt)}" loading="eager" fetchpriority="high"`);
    }
    expect(root((await t.request({ method: 'GET', url: '/location/harrogate' })).body)).not.toContain('<section');
    expect(root((await t.request({ method: 'GET', url: '/?embedded=true' })).body)).toBe('');
  });

  it("carries the footer on every page, the home page's venues and a venue's activities", async () => {
    const home = bootStateOf((await t.request({ method: 'GET', url: '/' })).body);
    expect(home.footer).toMatchObject({ venue: null, html: expect.any(String) });
    expect(home.venues).toEqual(expect.arrayContaining([expect.objectContaining({ slug: 'harrogate' })]));
    expect(home).not.toHaveProperty('categories');
    const venue = bootStateOf((await t.request({ method: 'GET', url: '/location/harrogate' })).body);
    expect(venue.footer).toMatchObject({ venue: 'harrogate' });
    expect(venue.categories).toMatchObject({
      venue: 'harrogate',
      data: expect.arrayContaining([expect.objectContaining({ slug: 'gym' })]),
    });
    expect(venue).not.toHaveProperty('venues');
  });

  it("carries a class day's sessions and the days with sessions, as the customer's own view", async () => {
    const state = bootStateOf((await t.request({ method: 'GET', url: '/location/harrogate/spin/2026-11-25' })).body);
    expect(state.timetable).toMatchObject({ venue: 'harrogate', activity: 'spin', date: '2026-11-25', data: expect.any(Array) });
    expect(state.dates).toMatchObject({ venue: 'harrogate', category: 'spin', data: expect.any(Object) });
    // Not a day: the path's third part is not a date, so the app asks as usual.
    const other = bootStateOf((await t.request({ method: 'GET', url: '/location/harrogate/spin/today' })).body);
    expect(other).not.toHaveProperty('timetable');
  });

  it("preloads the page's first photo at the size the page shows it", async () => {
    const { body } = await t.request({ method: 'GET', url: '/location/harrogate' });
    const categories = (bootStateOf(body).categories as { data: { photo: { src: string } | null }[] }).data;
    const first = categories[0]?.photo;
    if (first) {
      expect(body).toContain(`<link rel="preload" as="image" href="${first.src}"`);
      expect(body).toContain('imagesizes="(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw" fetchpriority="high">');
    } else expect(body).not.toContain('rel="preload" as="image"');
  });
});

describe('the app page a logged-in customer gets', () => {
  it('carries who is logged in, and only to them', async () => {
    const cookie = await t.sessionFor('demo@example.com');
    const mine = bootStateOf((await t.request({ method: 'GET', url: '/basket', as: cookie })).body);
    expect((mine.user as { email: string }).email).toBe('demo@example.com');
    const anothers = bootStateOf((await t.request({ method: 'GET', url: '/basket' })).body);
    expect(anothers.user).toBeNull();
  });

  it('leaves the user out while a login token in the address is still to be exchanged', async () => {
    const cookie = await t.sessionFor('demo@example.com');
    const state = bootStateOf((await t.request({ method: 'GET', url: '/?token=abc', as: cookie })).body);
    expect(state).not.toHaveProperty('user');
    expect(state.client).toBeDefined();
  });
});

describe("the client's words in the page's head", () => {
  it('cannot end the title or an attribute, nor start markup', () => {
    const name = `Joe's "Gym" </title><script>alert(1)</script> & Spa`;
    expect(escapeHtml(name)).not.toMatch(/[<>"']|&(?!amp;|lt;|gt;|quot;|#39;)/);
    expect(escapeHtml(name)).toBe('Joe&#39;s &quot;Gym&quot; &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; Spa');
  });
});

describe('JSON inside the page', () => {
  it('cannot close its script element or start markup', () => {
    const json = scriptSafeJson({ name: '</script><script>alert(1)</script> & \u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script> & \u2028' });
  });
});
