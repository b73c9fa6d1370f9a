import { expect, expectAccessible, test } from '../fixtures';

// Issue 13, defect 15: the kiosk's chrome, the embedded flag in the address, and features a client switched off.

test.describe('the kiosk, embedded mode and switched-off features', () => {
  test('a kiosk offers no booking navigation and no Create an account', async ({ page }) => {
    await page.goto('/kiosk?kiosk=true&centre=harrogate');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Back to Kiosk Home' })).toBeVisible({ timeout: 30_000 });
    await expect(header.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Book an activity' })).toHaveCount(0);
    await expectAccessible(page, 'kiosk home');
  });

  test("a kiosk's login offers no Create an account, and the sign-up address leads to logging in @phone", async ({ page }) => {
    await page.goto('/kiosk?kiosk=true&centre=harrogate');
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await expect(dialog.getByLabel(/Password/).first()).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
    await expectAccessible(page, 'kiosk login modal');
    await page.goto('/register');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
  });

  test('an embedded visit keeps ?embedded=true in the address from page to page', async ({ page }) => {
    await page.goto('/location/harrogate?embedded=true');
    await page.getByRole('link', { name: 'Fitness classes' }).click({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/location\/harrogate\/fitness-classes\?embedded=true$/);
    await expect(page.getByRole('banner')).toHaveCount(0);
    await page.goto('/basket');
    await expect(page).toHaveURL(/\/basket\?embedded=true$/);
    await expectAccessible(page, 'embedded basket');
  });

  test("Riverside's courses and camps, switched off, are not there by address", async ({ browser, server }) => {
    const context = await browser.newContext({ baseURL: server.url, extraHTTPHeaders: { 'Client-Domain-Identifier': 'riverside' } });
    const page = await context.newPage();
    for (const path of ['/courses/location/shrewsbury', '/camps/location/shrewsbury', '/course-redirect-to-selected-venue']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: "Whoops! Looks like you've gone offside.", level: 1 })).toBeVisible({
        timeout: 30_000,
      });
    }
    await expectAccessible(page, 'a switched-off feature');
    expect((await page.request.get('/api/v1/activities/courses')).status()).toBe(404);
    await page.goto('/location/shrewsbury');
    await expect(page.getByRole('heading', { name: 'Choose an activity', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'Holiday camps' })).toHaveCount(0);
    await context.close();
  });
});

// Issue 13, brand and content (decision 170): the welcome, photos, a venue's page, age bands are in API tests.
test.describe("a client's content", () => {
  test('the home page welcomes with a photo, and a venue page says how to get there and what is on today', async ({ page }) => {
    await page.goto('/');
    const welcome = page.getByRole('region', { name: 'Get active with Northfield Leisure' });
    await expect(welcome).toBeVisible({ timeout: 30_000 });
    const hero = welcome.getByRole('img');
    await expect(hero).toHaveAttribute('srcset', /northfield-960\.png 960w/);
    await expect(hero).toHaveAttribute('width', '960');
    await expect(hero).toHaveAttribute('height', '540');
    await expect(page.getByRole('img', { name: 'The entrance of Harrogate Leisure Centre' })).toHaveAttribute('sizes', /50vw/);
    await expectAccessible(page, 'home with the welcome and venue photos');

    await page.getByRole('link', { name: 'Venue details for Harrogate Leisure Centre' }).click();
    await expect(page.getByRole('heading', { name: 'Harrogate Leisure Centre', level: 1 })).toBeVisible();
    for (const name of ["What's on today", 'Contact', 'Facilities', 'Accessibility', 'Parking and getting here'])
      await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name: '01234 567890' })).toHaveAttribute('href', 'tel:01234567890');
    await expect(page.getByRole('link', { name: /on OpenStreetMap/ })).toHaveAttribute('href', /openstreetmap\.org\/\?mlat=53\.9921/);
    await expect(page.getByRole('link', { name: 'See the full timetable' })).toBeVisible();
    await expectAccessible(page, 'venue page with its information');
  });
});
