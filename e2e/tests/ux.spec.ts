import { expect, expectAccessible, test, tomorrow } from '../fixtures';
import { registerCustomer, shownDay } from '../support';

// Issue 13: the court grid, the week strip, focus on navigation and each client's brand.

test.describe('the court grid', () => {
  test('a customer books two courts from the grid with the keyboard, the total in the sticky bar @phone', async ({ page }) => {
    test.setTimeout(120_000);
    await registerCustomer(page);
    await page.goto(`/location/harrogate/badminton/${tomorrow()}`);
    // The first page of a fresh server on a busy machine can take a while: wait for it once, generously.
    await expect(page.getByRole('table', { name: /^Courts and start times/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('table thead th')).toHaveText(['Time', 'Court 1', 'Court 2', 'Court 3']);
    await expectAccessible(page, 'court grid');

    // The first hour with courts 1 and 3 both free: other journeys on this worker's server may have booked earlier ones.
    const free = async (court: number, time: string) =>
      (await page.getByRole('button', { name: `Court ${court}, ${time}, £12.00, available` }).count()) === 1;
    let time = '';
    for (const hour of ['07', '08', '09', '10', '11', '12', '13', '14']) {
      if ((await free(1, `${hour}:00`)) && (await free(2, `${hour}:00`)) && (await free(3, `${hour}:00`))) {
        time = `${hour}:00`;
        break;
      }
    }
    expect(time, 'an hour with three free courts').not.toBe('');
    // One tab stop in the grid: arrows move, Enter picks, two Tabs reach 'Add to basket'.
    const first = page.getByRole('button', { name: `Court 1, ${time}, £12.00, available` });
    await first.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('button', { name: `Court 3, ${time}, £12.00, available` })).toBeFocused();
    await page.keyboard.press('Enter');
    const bar = page.getByText('2 slots chosen: total £24.00');
    await expect(bar).toBeVisible();
    await expect(page.getByText(`Court 1 ${time}, Court 3 ${time}`)).toBeVisible();
    await expectAccessible(page, 'court grid with two slots chosen');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Add to basket' })).toBeFocused();
    // The bar stays on screen while the grid scrolls.
    await expect(page.getByRole('button', { name: 'Add to basket' })).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Items added to basket' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: new RegExp(`^Court 1, ${time}, `) })).toHaveAttribute('aria-disabled', 'true');
  });
});

test.describe('the court grid on a small screen', () => {
  test('the court names stay in sight while the times scroll (issue 13, defect 10) @phone', async ({ page }) => {
    test.setTimeout(120_000);
    // A short screen (a phone on its side, or with its keyboard up): the day's times are taller than it.
    await page.setViewportSize({ width: 390, height: 480 });
    await page.goto(`/location/harrogate/badminton/${tomorrow()}`);
    const grid = page.getByRole('table', { name: /^Courts and start times/ });
    await expect(grid).toBeVisible({ timeout: 30_000 });
    // The grid's top at the top of the screen, then its times scrolled to the last: the courts' names still show.
    await grid.evaluate((table) => table.scrollIntoView({ block: 'start' }));
    await page.getByTestId('court-grid-scroller').evaluate((box) => {
      box.scrollTop = box.scrollHeight;
    });
    await expect(grid.locator('tbody tr').last()).toBeInViewport();
    await expect(grid.getByRole('columnheader', { name: 'Court 1' })).toBeInViewport({ ratio: 1 });
    await expect(grid.getByRole('columnheader', { name: 'Court 3' })).toBeInViewport({ ratio: 1 });
    await expectAccessible(page, 'court grid scrolled to its last time');
  });
});

test.describe('the week strip', () => {
  test('a timetable opens on a day it can book, with seven days and how far ahead bookings open @phone', async ({ page }) => {
    await page.goto('/location/harrogate/spin');
    await expect(page).toHaveURL(/\/location\/harrogate\/spin\/\d{4}-\d{2}-\d{2}$/, { timeout: 30_000 });
    const strip = page.getByRole('navigation', { name: 'Days' });
    await expect(strip.getByRole('listitem')).toHaveCount(7, { timeout: 30_000 });
    // The page first opens on today and moves on when today has nothing left to book (a Friday evening, say): the
    // day marked current is the one in the address once it has settled.
    await expect(async () => {
      const date = page.url().slice(-10);
      await expect(strip.locator('[aria-current="date"]')).toHaveAccessibleName(`${shownDay(date)}, has sessions`, {
        timeout: 1_000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByText('Bookings open 14 days ahead')).toBeVisible();
    // The day opened on has a session still to book.
    await expect(
      page
        .getByRole('button', { name: /^Book Spin at / })
        .or(page.getByText(/^Full(,|$)/).filter({ visible: true }))
        .first(),
    ).toBeVisible();
    await expectAccessible(page, 'timetable with the week strip');
  });
});

test.describe('focus on navigation', () => {
  test("moves to each new page's heading, and stays on the day strip while stepping through days", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Choose Harrogate Leisure Centre' }).click();
    await expect(page).toHaveURL(/\/location\/harrogate$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Fitness classes' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await page.getByRole('link', { name: 'Spin' }).click();
    await expect(page.getByRole('heading', { name: 'Spin', level: 1 })).toBeFocused({ timeout: 30_000 });
    const next = page.getByRole('button', { name: 'Next day' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(next).toBeFocused();
    await expectAccessible(page, 'timetable after a day change');
  });
});

test.describe("each client's brand", () => {
  test('Northfield and Riverside show their logo, tab icon and name in the tab title', async ({ page, server }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('img', { name: 'Northfield Leisure' })).toBeVisible();
    await expect(page).toHaveTitle('Northfield Leisure | Choose a venue');
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/brand/northfield-icon.svg');
    const logo = await page.request.get('/brand/northfield.svg');
    expect(logo.status()).toBe(200);
    expect(logo.headers()['cache-control']).toContain('max-age=86400');
    await expectAccessible(page, 'northfield home with its logo');

    await page.goto(`http://riverside.localhost:${server.port}/`);
    await expect(page.getByRole('banner').getByRole('img', { name: 'Riverside Sports Trust' })).toBeVisible();
    await expect(page).toHaveTitle(/^Riverside Sports Trust \| /);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/brand/riverside-icon.svg');
    await expectAccessible(page, 'riverside home with its logo');
  });
});
