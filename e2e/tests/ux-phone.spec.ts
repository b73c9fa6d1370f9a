import type { Page } from '@playwright/test';
import { demo, expect, expectAccessible, test } from '../fixtures';
import { nextDayOn, openTomorrowsSpin, registerCustomer } from '../support';

// Issue 13, defect 9: on a 390 px phone nothing spills off the side, the day strip keeps to one row, the filters stay
// open across days, and the checkout's order summary comes before the Pay button.

/** Nothing on the page is wider than the screen: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll, `page wider than the screen on ${label}`).toBeLessThanOrEqual(widths.inner);
}

async function logInAsDemo(page: Page): Promise<void> {
  const res = await page.request.post('/api/auth/customer/login', {
    data: { username: demo.email, password: demo.password },
    headers: { 'client-domain-identifier': 'northfield' },
  });
  expect(res.ok()).toBe(true);
}

test.describe('on a phone', () => {
  test('no page scrolls sideways, and every action in an account table is on screen @phone', async ({ page }) => {
    test.setTimeout(240_000);
    await logInAsDemo(page);
    const pages: [string, string | RegExp][] = [
      ['/', /./],
      ['/location/harrogate', 'Choose an activity'],
      ['/centre/harrogate', 'Harrogate Leisure Centre'],
      ['/basket', 'Shopping basket'],
      ['/account', /./],
      ['/account/user-details', 'My details'],
      ['/account/memberships', 'Memberships'],
      ['/account/packages', 'Packages'],
      ['/account/bookings/upcoming', /Bookings/],
      ['/account/payments', 'Payments'],
      ['/account/linked-users', 'Linked users'],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
      await expectNoSidewaysScroll(page, path);
    }
    // The linked users' actions were cut off at the table's right edge: each row reads as a card on a phone.
    const remove = page.getByRole('button', { name: /^Remove link/ }).first();
    await expect(remove).toBeInViewport({ ratio: 1 });
    await expectAccessible(page, 'linked users on a phone');
  });

  test('the day strip keeps to one row and the filters stay open from day to day @phone', async ({ page }) => {
    test.setTimeout(240_000);
    const day = nextDayOn([1, 2, 3, 4, 5]);
    await page.goto(`/location/harrogate/spin/${day}`);
    const strip = page.getByRole('navigation', { name: 'Days' });
    await expect(strip.getByRole('listitem')).toHaveCount(7, { timeout: 30_000 });
    const rows = await strip.evaluate(
      (nav) => new Set([...nav.querySelectorAll('li, button')].map((el) => el.getBoundingClientRect().top)).size,
    );
    expect(rows, 'the strip and its arrows sit on one row').toBe(1);
    await expectNoSidewaysScroll(page, 'timetable');

    // A phone starts with the filters folded and a desktop with them open: open them either way, then change day.
    const toggle = page.getByRole('button', { name: 'Filter sessions' });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect(page).not.toHaveURL(new RegExp(`${day}$`));
    await expect(page.getByRole('button', { name: 'Filter sessions' })).toHaveAttribute('aria-expanded', 'true');
    await expectNoSidewaysScroll(page, 'timetable on another day');
    await expectAccessible(page, 'timetable with the filters open on a phone');
  });

  test("the checkout's order summary comes before the Pay button @phone", async ({ page }) => {
    test.setTimeout(120_000);
    await registerCustomer(page);
    await openTomorrowsSpin(page);
    await page.getByRole('button', { name: /^Book Spin at 07:00/ }).click();
    await expect(page.getByRole('heading', { name: 'Items added to basket' })).toBeVisible({ timeout: 30_000 });
    await page.goto('/basket/checkout');
    const summary = page.getByRole('heading', { name: 'Your basket', level: 2 });
    const pay = page.getByRole('button', { name: /^Pay / });
    await expect(summary).toBeVisible({ timeout: 30_000 });
    await expect(pay).toBeVisible();
    const [summaryTop, payTop] = [(await summary.boundingBox())?.y ?? 0, (await pay.boundingBox())?.y ?? 0];
    expect(summaryTop).toBeLessThan(payTop);
    await expectNoSidewaysScroll(page, 'checkout');
    await expectAccessible(page, 'checkout on a phone');
  });

  test("a course's list and its sessions fit the screen, with no table to scroll sideways (issue 13, defects 9 and 11) @phone", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/courses/location/harrogate/swimming-lessons');
    await expect(page.getByRole('link', { name: 'Course details: Adult improvers swimming' })).toBeVisible({ timeout: 30_000 });
    await expectNoSidewaysScroll(page, 'course list');
    await page.getByRole('link', { name: 'Course details: Adult improvers swimming' }).click();
    const table = page.getByRole('table');
    await expect(table).toBeVisible({ timeout: 30_000 });
    await expectNoSidewaysScroll(page, 'course details');
    // Nothing around the sessions scrolls sideways (a region a keyboard user would have to find and scroll), and the
    // last column of each session is on screen.
    const spills = await table.evaluate((el) => {
      const wide: string[] = [];
      for (let node: Element | null = el; node; node = node.parentElement) {
        if (node.scrollWidth > node.clientWidth + 1) wide.push(node.tagName);
      }
      return wide;
    });
    expect(spills, 'elements around the sessions that scroll sideways').toEqual([]);
    const placesLeft = table.getByText(/ of \d+ left$/).first();
    await placesLeft.scrollIntoViewIfNeeded();
    await expect(placesLeft).toBeInViewport({ ratio: 1 });
    await expectAccessible(page, 'course details on a phone');
  });
});
