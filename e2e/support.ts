import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

let counter = 0;

/** A fresh customer, registered through the API in this browser context, so the page is logged in with an empty basket. */
export async function registerCustomer(page: Page, client = 'northfield'): Promise<{ email: string; password: string }> {
  // No long run of digits: the database is scanned for card-like numbers after the run, and a millisecond
  // timestamp is 13 digits (Luhn-valid one time in ten).
  const email = `e2e-${Date.now().toString(36)}-${counter++}@example.com`;
  const password = 'e2e-password-2026';
  const res = await page.request.post('/api/auth/customer/register', {
    data: { first_name: 'Erin', last_name: 'Tester', email, password },
    headers: { 'client-domain-identifier': client },
  });
  expect(res.status()).toBe(201);
  return { email, password };
}

/** Presses Tab until the locator has focus: how a keyboard user gets to a control. */
export async function tabTo(page: Page, target: Locator, maxPresses = 80): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${target} with Tab`);
}

/** Fills the checkout form: billing details and the sandbox card. */
export async function fillCheckout(page: Page, card = '4242 4242 4242 4242'): Promise<void> {
  await page.getByLabel('First name').fill('Alex');
  await page.getByLabel('Last name').fill('Morgan');
  await page.getByLabel('Address line 1').fill('1 Station Parade');
  await page.getByLabel('Town or city').fill('Harrogate');
  await page.getByLabel('Postcode').fill('HG1 1TE');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Alex Morgan');
}

const shortDays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const shortMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day as the app shows it (decision 090): '2026-11-24' reads 'Tue, 24 Nov 2026'. */
export function shownDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = shortDays[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  return `${weekday}, ${d} ${shortMonths[m - 1]} ${y}`;
}

/** The week strip's button for a day ('YYYY-MM-DD'); the strip shows the seven days from today. */
export const stripDay = (page: Page, date: string): Locator =>
  page.getByRole('navigation', { name: 'Days' }).getByRole('button', { name: new RegExp(`^${shownDay(date)}`) });

/** The first Book button of the next day's spin classes at Harrogate. */
export async function openTomorrowsSpin(page: Page): Promise<void> {
  await page.goto('/location/harrogate/spin');
  await stripDay(page, nextDayOn([1, 2, 3, 4, 5, 6])).click();
  await expect(page.getByRole('heading', { name: 'Spin', level: 3 }).first()).toBeVisible();
}

/** A day in the demo's timezone, `offset` days from today: its 'YYYY-MM-DD' and its weekday (1 Monday ... 7 Sunday). */
export function londonDay(offset: number): { date: string; weekday: number } {
  const at = new Date(Date.now() + offset * 86_400_000);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );
  const name = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'long' }).format(at);
  const weekday = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].indexOf(name) + 1;
  return { date, weekday };
}

/** The first day from tomorrow whose weekday is one of `weekdays` (the demo's spin runs Mon-Sat mornings, Mon-Fri evenings). */
export function nextDayOn(weekdays: number[]): string {
  for (let offset = 1; offset <= 7; offset++) {
    const day = londonDay(offset);
    if (weekdays.includes(day.weekday)) return day.date;
  }
  throw new Error(`no day on ${weekdays.join(',')} this week`);
}
