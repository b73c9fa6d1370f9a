import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, expectNoCardNumbers, test } from '../fixtures';
import { type RunningServer, startServer } from '../server';

const staffLogin = { username: 'staff@example.com', password: 'staff-pass-2026' };

/** What the page shows of the theme: computed colours and faces, not the values the app was sent. */
async function shownTheme(page: Page) {
  return page.evaluate(() => {
    const css = (selector: string) => getComputedStyle(document.querySelector(selector) as Element);
    return {
      header: css('header').backgroundColor,
      footer: css('footer').backgroundColor,
      headingFont: css('h1').fontFamily,
      bodyFont: css('body').fontFamily,
      primary: getComputedStyle(document.documentElement).getPropertyValue('--theme-primary').trim(),
      primary50: getComputedStyle(document.documentElement).getPropertyValue('--theme-primary-50').trim(),
    };
  });
}

/** A staff session for one client, over the Bearer header (an API client, as decision 004 allows). */
async function staffApi(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  server: RunningServer,
  client: string,
) {
  const anonymous = await playwright.request.newContext({ baseURL: server.url, extraHTTPHeaders: { 'client-domain-identifier': client } });
  const res = await anonymous.post('/api/auth/customer/login', { data: { ...staffLogin, bearer: true } });
  expect(res.status()).toBe(200);
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  await anonymous.dispose();
  return playwright.request.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { 'client-domain-identifier': client, authorization: `Bearer ${token}` },
  });
}

test.describe('themes', () => {
  test("northfield shows the spec's default theme: dark grey header, purple, Roboto body and the Garage Gothic stand-in", async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const theme = await shownTheme(page);
    expect(theme.header).toBe('rgb(51, 51, 51)');
    expect(theme.footer).toBe('rgb(51, 51, 51)');
    expect(theme.primary).toBe('#6b2fa0');
    expect(theme.primary50).toBe('#f8f5fa');
    expect(theme.bodyFont).toContain('Roboto');
    expect(theme.headingFont).toContain('Oswald');
    expect(await page.evaluate(() => document.fonts.check('700 1em "Oswald"'))).toBe(true);
    await expectAccessible(page, 'northfield home');
  });

  test('riverside, at its own host, shows its own theme', async ({ page, server }) => {
    await page.goto(`http://riverside.localhost:${server.port}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const theme = await shownTheme(page);
    expect(theme.header).toBe('rgb(19, 78, 74)');
    expect(theme.primary).toBe('#0f766e');
    expect(theme.bodyFont).toContain('Open Sans');
    expect(theme.headingFont).toContain('Lato');
    await expect(page.locator('html')).toHaveAttribute('data-secondary-button', 'outline');
    await expectAccessible(page, 'riverside home');
  });

  test('the Client-Domain-Identifier header picks riverside on the shared host', async ({ browser, server }) => {
    const context = await browser.newContext({ baseURL: server.url, extraHTTPHeaders: { 'Client-Domain-Identifier': 'riverside' } });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await shownTheme(page)).header).toBe('rgb(19, 78, 74)');
    await context.close();
  });

  test("each venue's footer is shown, sanitised", async ({ page }) => {
    await page.goto('/location/harrogate');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('Harrogate Leisure Centre', { exact: true })).toBeVisible();
    await expect(footer.locator('script')).toHaveCount(0);
    await expectAccessible(page, 'activities with footer');
  });

  test('planned maintenance shows the maintenance page, and the site comes back after it', async ({ page, playwright, server }) => {
    const staff = await staffApi(playwright, server, 'riverside');
    try {
      expect((await staff.put('/api/client/maintenance', { data: { maintenance: true } })).status()).toBe(200);
      await page.goto(`http://riverside.localhost:${server.port}/`);
      await expect(page.getByRole('heading', { name: 'Unable to access the site due to planned maintenance.' })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByRole('banner')).toHaveCount(0);
      await expectAccessible(page, 'maintenance');
    } finally {
      await staff.put('/api/client/maintenance', { data: { maintenance: false } });
      await staff.dispose();
    }
    await page.reload();
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test('a colour that is not a colour is refused with the spec message', async ({ playwright, server }) => {
    const staff = await staffApi(playwright, server, 'northfield');
    const res = await staff.put('/api/frontend/theme', { data: { theme_app_primary_colour: '300 0 0' } });
    expect(res.status()).toBe(422);
    expect(JSON.stringify(await res.json())).toContain('RGB colour must be in RGB format');
    await staff.dispose();
  });
});

test.describe('embedded mode', () => {
  test('hides header, footer and breadcrumbs, and keeps doing so as the visitor moves on', async ({ page }) => {
    await page.goto('/location/harrogate?embedded=true');
    await expect(page.getByRole('link', { name: 'Fitness classes' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
    await expectAccessible(page, 'embedded activities');

    await page.getByRole('link', { name: 'Fitness classes' }).click();
    await expect(page.getByRole('link', { name: 'Spin' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
    await expectAccessible(page, 'embedded sub-activities');
  });

  test('the shell shows its chrome again without the flag in a new visit', async ({ page }) => {
    await page.goto('/location/harrogate?embedded=true');
    await expect(page.getByRole('link', { name: 'Fitness classes' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    // A new tab is a new visit: the flag was kept for the tab (sessionStorage), so it does not follow.
    const next = await page.context().newPage();
    await next.goto('/location/harrogate');
    await expect(next.getByRole('banner')).toBeVisible();
    await expect(next.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
  });
});

test.describe('kiosk mode', () => {
  // A server of its own, with a short idle timeout, so the journey does not wait 90 s.
  let kioskServer: RunningServer;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    kioskServer = await startServer('kiosk', { KIOSK_IDLE_TIMEOUT_MS: '6000' });
  });
  test.afterAll(async () => {
    if (!kioskServer) return;
    await kioskServer.stop();
    await expectNoCardNumbers(kioskServer);
  });

  test('a kiosk user is logged out after the idle timeout and the kiosk returns home with its centre', async ({ page }) => {
    await page.goto(`${kioskServer.url}/kiosk?kiosk=true&centre=harrogate`);
    await expect(page.getByRole('heading', { name: 'Welcome to Harrogate Leisure Centre' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Kiosk Home' })).toBeVisible();
    await expectAccessible(page, 'kiosk home');

    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    const modal = page.getByRole('dialog', { name: 'Log in' });
    await modal.getByLabel('Email address').fill('demo@example.com');
    await modal.getByLabel('Password').fill('demo-pass-2026');
    await modal.getByRole('button', { name: 'Log in' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByText('Logged in as Alex Morgan')).toBeVisible();

    await page.getByRole('main').getByRole('link', { name: 'Book an activity' }).click();
    await expect(page).toHaveURL(/\/location\/harrogate$/);
    await expect(page.getByRole('link', { name: 'Back to Kiosk Home' })).toBeVisible();
    await expectAccessible(page, 'kiosk activities');

    // Nobody touches the screen: the kiosk logs out and goes home, with the centre.
    await expect(page).toHaveURL(/\/kiosk\?centre=harrogate$/, { timeout: 15_000 });
    await expect(page.getByRole('main').getByRole('button', { name: 'Log in' })).toBeVisible();
    expect((await page.request.get(`${kioskServer.url}/api/auth/user`)).status()).toBe(401);
  });

  test("'Back to Kiosk Home' returns to the kiosk home", async ({ page }) => {
    await page.goto(`${kioskServer.url}/location/harrogate?kiosk=true&centre=harrogate`);
    await page.getByRole('link', { name: 'Back to Kiosk Home' }).click();
    await expect(page).toHaveURL(/\/kiosk\?centre=harrogate$/);
    await expect(page.getByRole('heading', { name: 'Welcome to Harrogate Leisure Centre' })).toBeVisible();
  });
});
