import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

let counter = 0;

/** A fresh customer, registered through the API in this browser context, so the page is logged in with an empty basket. */
export async function registerCustomer(page: Page, client = 'northfield'): Promise<{ email: string; password: string }> {
  const email = `e2e-${Date.now()}-${counter++}@example.com`;
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

/** The first Book button of the next day's spin classes at Harrogate. */
export async function openTomorrowsSpin(page: Page): Promise<void> {
  await page.goto('/location/harrogate/spin');
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page.getByRole('heading', { name: 'Spin', level: 3 }).first()).toBeVisible();
}
