import { colourMessages, defaultTheme, pageMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

let t: TestApp;
let staffAs: string;
beforeAll(async () => {
  t = await createTestApp();
  staffAs = await t.sessionFor(staff.email);
});
afterAll(() => t.close());

const putTheme = (payload: Record<string, unknown>, venue?: string, as = staffAs, client = 'northfield') =>
  t.request({
    method: 'PUT',
    url: `/api/frontend/theme${venue ? `?venue=${venue}` : ''}`,
    as,
    payload,
    headers: { 'client-domain-identifier': client },
  });
const getTheme = async (venue?: string, client = 'northfield') =>
  t.request({
    method: 'GET',
    url: `/api/frontend/theme${venue ? `?venue=${venue}` : ''}`,
    headers: { 'client-domain-identifier': client },
  });

describe('GET /api/frontend/theme', () => {
  it("gives a client without a theme the spec's defaults, every field of section 3", async () => {
    const res = await getTheme();
    expect(res.statusCode).toBe(200);
    expect(dataOf(res)).toEqual(defaultTheme);
    expect(dataOf(res)).toMatchObject({
      theme_app_heading_font_style: 'garage_gothic',
      theme_app_body_font_style: 'roboto',
      theme_app_secondary_button_style: 'solid',
    });
  });

  it("gives each client its own theme, and a venue without an override its client's", async () => {
    const riverside = dataOf(await getTheme('shrewsbury', 'riverside'));
    expect(riverside).toMatchObject({ theme_app_primary_colour: '#0f766e', theme_app_body_font_style: 'open_sans' });
    expect(dataOf(await getTheme(undefined, 'riverside'))).toEqual(riverside);
  });

  it('answers 404 for a venue of another client (the app then asks again without one)', async () => {
    expect((await getTheme('shrewsbury')).statusCode).toBe(404);
    expect((await getTheme('no-such-venue')).statusCode).toBe(404);
  });
});

describe('PUT /api/frontend/theme (staff)', () => {
  it('lets staff set a venue override that only that venue shows, stored as hex', async () => {
    const res = await putTheme({ theme_app_primary_colour: '255 0 0', theme_app_heading_font_style: 'lato' }, 'ripon');
    expect(res.statusCode).toBe(200);
    expect(dataOf(res)).toMatchObject({ theme_app_primary_colour: '#ff0000', theme_app_heading_font_style: 'lato' });
    expect(dataOf(await getTheme('ripon')).theme_app_primary_colour).toBe('#ff0000');
    expect(dataOf(await getTheme('harrogate')).theme_app_primary_colour).toBe(defaultTheme.theme_app_primary_colour);
    expect(dataOf(await getTheme()).theme_app_primary_colour).toBe(defaultTheme.theme_app_primary_colour);
  });

  it("changes the client's theme; a venue override still wins, and null hands a field back to the client", async () => {
    await putTheme({ theme_app_primary_colour: '#0af', theme_app_dark_bg_colour: '#111' });
    expect(dataOf(await getTheme('harrogate'))).toMatchObject({ theme_app_primary_colour: '#00aaff', theme_app_dark_bg_colour: '#111111' });
    expect(dataOf(await getTheme('ripon'))).toMatchObject({ theme_app_primary_colour: '#ff0000', theme_app_dark_bg_colour: '#111111' });
    await putTheme({ theme_app_primary_colour: null }, 'ripon');
    expect(dataOf(await getTheme('ripon')).theme_app_primary_colour).toBe('#00aaff');
    await putTheme({ theme_app_primary_colour: null, theme_app_dark_bg_colour: null });
    expect(dataOf(await getTheme()).theme_app_primary_colour).toBe(defaultTheme.theme_app_primary_colour);
  });

  it('refuses bad colours with the three colour messages word for word, and changes nothing', async () => {
    const before = dataOf(await getTheme());
    const res = await putTheme({
      theme_app_primary_colour: 'purple',
      theme_app_secondary_colour_1: '256 0 0',
      header_primary_colour: '#12345',
      theme_app_dark_bg_colour: '#222',
      tint_factor: 1.5,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      theme_app_primary_colour: [colourMessages.seedFormat],
      theme_app_secondary_colour_1: [colourMessages.rgbFormat],
      header_primary_colour: [colourMessages.seedFormat],
      tint_factor: [colourMessages.tintFactor],
    });
    expect(colourMessages).toEqual({
      rgbFormat: 'RGB colour must be in RGB format',
      tintFactor: 'Tint factor must be between 0 and 1',
      seedFormat: 'Seed colour must be in either hex or rgb format',
    });
    expect(dataOf(await getTheme())).toEqual(before);
  });

  it('refuses an unknown font, a logo that is not an http(s) URL and an unknown field with 422', async () => {
    expect((await putTheme({ theme_app_body_font_style: 'comic_sans' })).statusCode).toBe(422);
    expect((await putTheme({ theme_app_logo: 'javascript:alert(1)' })).statusCode).toBe(422);
    const logo = await putTheme({ theme_app_logo: 'https://cdn.example.com/northfield.svg' }, 'harrogate');
    expect(dataOf(logo).theme_app_logo).toBe('https://cdn.example.com/northfield.svg');
    expect(dataOf(await getTheme()).theme_app_logo).toBeNull();
    expect((await putTheme({ colour: '#fff' })).statusCode).toBe(422);
  });

  it('is for staff only, and only for their own client', async () => {
    const customer = await t.sessionFor(demo.email);
    expect((await putTheme({ theme_app_primary_colour: '#000' }, undefined, customer)).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url: '/api/frontend/theme', payload: {} })).statusCode).toBe(401);
    // A northfield staff session means nothing at riverside.
    const res = await putTheme({ theme_app_primary_colour: '#000' }, undefined, staffAs.replace('northfield_', 'riverside_'), 'riverside');
    expect(res.statusCode).toBe(401);
    expect(dataOf(await getTheme(undefined, 'riverside')).theme_app_primary_colour).toBe('#0f766e');
  });
});

describe('planned maintenance', () => {
  it("answers the theme call with 503 and the spec's message while the client is under maintenance", async () => {
    const on = await t.request({ method: 'PUT', url: '/api/client/maintenance', as: staffAs, payload: { maintenance: true } });
    expect(on.statusCode).toBe(200);
    const res = await getTheme();
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(pageMessages.maintenance);
    expect(pageMessages.maintenance).toBe('Unable to access the site due to planned maintenance.');
    // Another client is unaffected.
    expect((await getTheme(undefined, 'riverside')).statusCode).toBe(200);
    // Staff can still prepare the theme meanwhile, and get back what they saved.
    const saved = await t.request({
      method: 'PUT',
      url: '/api/frontend/theme',
      as: staffAs,
      payload: { theme_app_primary_colour: '#123456' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.theme_app_primary_colour).toBe('#123456');
    await t.request({ method: 'PUT', url: '/api/frontend/theme', as: staffAs, payload: { theme_app_primary_colour: null } });
    await t.request({ method: 'PUT', url: '/api/client/maintenance', as: staffAs, payload: { maintenance: false } });
    expect((await getTheme()).statusCode).toBe(200);
  });

  it('can only be switched by staff', async () => {
    const customer = await t.sessionFor(demo.email);
    const res = await t.request({ method: 'PUT', url: '/api/client/maintenance', as: customer, payload: { maintenance: true } });
    expect(res.statusCode).toBe(403);
    expect((await getTheme()).statusCode).toBe(200);
  });
});

describe('GET /api/activities/footer', () => {
  it("serves the venue's footer HTML", async () => {
    const res = await t.request({ method: 'GET', url: '/api/activities/footer?venue=harrogate' });
    expect(res.statusCode).toBe(200);
    expect(dataOf(res).html).toContain('<strong>Harrogate Leisure Centre</strong>');
  });

  it('serves operator HTML with scripts and handlers stripped', async () => {
    const { venues } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(venues)
      .set({
        footerHtml:
          '<p onclick="steal()">Open daily</p><script>alert(1)</script><a href="javascript:alert(2)">x</a><img src="x" onerror="alert(3)"><a href="https://example.com/terms">Terms</a>',
      })
      .where(eq(venues.slug, 'knaresborough'));
    const html: string = dataOf(await t.request({ method: 'GET', url: '/api/activities/footer?venue=knaresborough' })).html;
    expect(html).toContain('<p>Open daily</p>');
    expect(html).toContain('href="https://example.com/terms"');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|alert/i);
  });

  it('answers an empty footer without a venue and 404 for an unknown one', async () => {
    expect(dataOf(await t.request({ method: 'GET', url: '/api/activities/footer' })).html).toBe('');
    expect((await t.request({ method: 'GET', url: '/api/activities/footer?venue=shrewsbury' })).statusCode).toBe(404);
  });
});

describe('GET /api/client', () => {
  it('carries the kiosk idle timeout and where the account area and booking pages live', async () => {
    expect(dataOf(await t.request({ method: 'GET', url: '/api/client' }))).toMatchObject({
      kiosk_idle_timeout_ms: 90_000,
      account_url: '/account',
      bookings_url: '/',
    });
  });

  it("carries each client's logo and tab icon (issue 13)", async () => {
    expect(dataOf(await t.request({ method: 'GET', url: '/api/client' }))).toMatchObject({
      logo_url: '/brand/northfield.svg',
      icon_url: '/brand/northfield-icon.svg',
    });
    const riverside = await t.request({ method: 'GET', url: '/api/client', headers: { 'client-domain-identifier': 'riverside' } });
    expect(dataOf(riverside)).toMatchObject({ name: 'Riverside Sports Trust', logo_url: '/brand/riverside.svg' });
  });
});
