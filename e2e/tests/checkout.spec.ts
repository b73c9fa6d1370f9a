import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, withOwnServer } from '../fixtures';
import { fillCheckout, londonDay, nextDayOn, openTomorrowsSpin, registerCustomer } from '../support';

const cards = {
  success: '4242 4242 4242 4242',
  decline: '4000 0000 0000 0002',
  challenge: '4000 0000 0000 3220',
};

/** Tomorrow's 07:00 spin in the basket, and the checkout open. */
async function spinAtCheckout(page: Page): Promise<void> {
  await openTomorrowsSpin(page);
  await page.getByRole('button', { name: /^Book Spin at 07:00/ }).click();
  await expect(page.getByRole('heading', { name: 'Items added to basket' })).toBeVisible();
  await page.goto('/basket/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  const res = await page.request.post('/api/auth/customer/login', {
    data: { username: email, password },
    headers: { 'client-domain-identifier': 'northfield' },
  });
  expect(res.ok()).toBe(true);
}

async function payWithCard(page: Page, card: string): Promise<void> {
  await fillCheckout(page, card);
  await page.getByText('I agree to the Terms and Conditions').click();
  await page.getByRole('button', { name: 'Pay £6.50' }).click();
}

test.describe('checkout', () => {
  test('the sandbox approves a card: the basket, the checkout and the booking confirmed', async ({ page }) => {
    await registerCustomer(page);
    await openTomorrowsSpin(page);
    await page.getByRole('button', { name: /^Book Spin at 07:00/ }).click();
    await expect(page.getByRole('heading', { name: 'Items added to basket' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Shopping basket, 1 item' }).click();
    await expect(page.getByRole('heading', { name: 'Shopping basket', level: 1 })).toBeVisible();
    await expect(page.getByText('1 item', { exact: true })).toBeVisible();
    await expect(page.getByText('Held until')).toBeVisible();
    await expectAccessible(page, 'basket');
    await page.getByRole('link', { name: 'Checkout now' }).click();
    await expect(page).toHaveURL(/\/basket\/checkout$/);
    await expectAccessible(page, 'checkout');
    await payWithCard(page, cards.success);
    await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
    await expect(page.getByText('Order completed Successfully.')).toBeVisible();
    await expect(page.getByText(/Paid by card/)).toBeVisible();
    await expectAccessible(page, 'booking confirmed');
    // The basket is empty afterwards.
    await page.goto('/basket');
    await expect(page.getByText('Your shopping basket is empty')).toBeVisible();
  });

  test('the sandbox declines a card: "Payment was declined", and the basket can be paid again', async ({ page }) => {
    await registerCustomer(page);
    await spinAtCheckout(page);
    await payWithCard(page, cards.decline);
    await expect(page.getByRole('alert').filter({ hasText: 'Payment was declined' })).toBeVisible();
    await expectAccessible(page, 'checkout after a decline');
    await page.getByLabel('Card number').fill(cards.success);
    await page.getByRole('button', { name: 'Pay £6.50' }).click();
    await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  });

  test('a card saved at one payment is offered at the next, and pays without its details', async ({ page }) => {
    test.setTimeout(120_000);
    await registerCustomer(page);
    await spinAtCheckout(page);
    await fillCheckout(page, cards.success);
    await page.getByText('Save this card for future payments').click();
    await expect(page.getByRole('checkbox', { name: 'Save this card for future payments' })).toBeChecked();
    await page.getByText('I agree to the Terms and Conditions').click();
    await page.getByRole('button', { name: 'Pay £6.50' }).click();
    await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();

    // Another morning spin (Monday to Saturday in the demo), on a day after the first booking's (on a Saturday, the
    // first was Monday's, two days ahead, so "the first Mon-Sat from two days ahead" was the same class again).
    const first = nextDayOn([1, 2, 3, 4, 5, 6]);
    const later = [2, 3, 4, 5, 6, 7, 8, 9].map(londonDay).find((d) => d.weekday <= 6 && d.date > first);
    await page.goto(`/location/harrogate/spin/${later?.date}`);
    await page.getByRole('button', { name: /^Book Spin at 07:00/ }).click();
    await expect(page.getByRole('heading', { name: 'Items added to basket' })).toBeVisible();
    await page.goto('/basket/checkout');
    const saved = page.getByRole('radio', { name: 'Saved visa card ending 4242, expires 12/30' });
    await expect(saved).toBeChecked();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await expectAccessible(page, 'checkout with a saved card');
    await page.getByLabel('Address line 1').fill('1 Station Parade');
    await page.getByLabel('Town or city').fill('Harrogate');
    await page.getByLabel('Postcode').fill('HG1 1TE');
    await page.getByText('I agree to the Terms and Conditions').click();
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  });

  test('3-D Secure: the challenge passed on the provider page returns to the app and confirms the booking', async ({ page }) => {
    await registerCustomer(page);
    await spinAtCheckout(page);
    await payWithCard(page, cards.challenge);
    await expect(page).toHaveURL(/\/sandbox-provider\/3ds\//);
    await expectAccessible(page, '3-D Secure challenge');
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
    await expect(page).toHaveURL(/\/booking-confirmed\/\d+$/);
    await expect(page.getByText('Order completed Successfully.')).toBeVisible();
  });

  test("3-D Secure: a failed challenge says '3D Secure verification failed' and takes no payment", async ({ page }) => {
    await registerCustomer(page);
    await spinAtCheckout(page);
    await payWithCard(page, cards.challenge);
    await expect(page).toHaveURL(/\/sandbox-provider\/3ds\//);
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await expect(page).toHaveURL(/\/basket\/checkout$/);
    await expect(page.getByRole('alert').filter({ hasText: '3D Secure verification failed' })).toBeVisible();
    await expectAccessible(page, 'checkout after a failed challenge');
    await page.goto('/basket');
    await expect(page.getByRole('heading', { name: 'Spin' })).toBeVisible();
  });

  test('credit@example.com pays the whole basket with general credit, without a card', async ({ page }) => {
    await logIn(page, 'credit@example.com', 'demo-pass-2026');
    await spinAtCheckout(page);
    const credit = page.getByRole('region', { name: 'Account credit' });
    await expect(credit.getByText('General credit', { exact: true })).toBeVisible();
    await expectAccessible(page, 'checkout with credit');
    await credit.getByRole('button', { name: 'Apply general credit' }).click();
    await expect(page.getByText('Credit successfully applied.')).toBeVisible();
    await expect(page.getByText('Your credit covers the whole basket: there is nothing to pay by card.')).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await page.getByText('I agree to the Terms and Conditions').click();
    await page.getByRole('button', { name: 'Complete order' }).click();
    await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
    await expect(page.getByText(/Paid by general credit/)).toBeVisible();
    await expectAccessible(page, 'booking confirmed by credit');
  });

  test('a membership bought online is confirmed on the online-joining page', async ({ browser, server }) => {
    // Riverside sells memberships online (the demo's northfield does not); every request names it, as in themes.spec.ts.
    const context = await browser.newContext({
      baseURL: server.url,
      extraHTTPHeaders: { 'Client-Domain-Identifier': 'riverside' },
      locale: 'en-GB',
      timezoneId: 'Europe/London',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    try {
      await registerCustomer(page, 'riverside');
      await page.goto('/');
      await page.getByRole('banner').getByRole('link', { name: 'Buy a membership' }).click();
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(page.getByRole('heading', { name: 'Membership pricing', level: 1 })).toBeVisible();
      await expect(page.getByRole('article', { name: 'Monthly Flex' }).getByText('£30.00 a month')).toBeVisible();
      await expectAccessible(page, 'membership pricing');
      await page.getByRole('button', { name: 'Join Monthly Flex' }).click();
      // Joining shows what is bought first: price, start, end, renewal, and the home venue (issue 13, defect 14).
      const review = page.getByRole('dialog', { name: 'Join Monthly Flex' });
      await expect(review.getByText('£30.00 a month')).toBeVisible();
      await expectAccessible(page, 'joining a membership');
      await review.getByRole('button', { name: 'Add to basket' }).click();
      await expect(page.getByRole('heading', { name: 'Items added to basket' })).toBeVisible();
      await page.keyboard.press('Escape');
      await page.getByRole('link', { name: 'Shopping basket, 1 item' }).click();
      await expect(page.getByText('New membership')).toBeVisible();
      await expectAccessible(page, 'basket with a membership');
      await page.getByRole('link', { name: 'Checkout now' }).click();
      await fillCheckout(page, cards.success);
      // Riverside has no booking terms, so there is no terms box to tick.
      await page.getByRole('button', { name: 'Pay £30.00' }).click();
      await expect(page).toHaveURL(/\/order-confirmed\/\d+$/);
      await expect(page.getByRole('heading', { name: 'Order confirmed', level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Monthly Flex' })).toBeVisible();
      await expectAccessible(page, 'order confirmed');
    } finally {
      await context.close();
    }
  });

  test('a hold that expires is shown as expired and cannot be paid for', async ({ browser }) => {
    test.setTimeout(180_000);
    await withOwnServer('short-holds', { HOLD_MINUTES: '0.05' }, async (server) => {
      const context = await browser.newContext({ baseURL: server.url, locale: 'en-GB', timezoneId: 'Europe/London' });
      const page = await context.newPage();
      try {
        await registerCustomer(page);
        await openTomorrowsSpin(page);
        await page.getByRole('button', { name: /^Book Spin at 07:00/ }).click();
        await expect(page.getByRole('heading', { name: 'Items added to basket' })).toBeVisible();
        // The hold lasts 3 seconds: reload the basket until it says so.
        await expect(async () => {
          await page.goto('/basket');
          await expect(page.getByText('Expired', { exact: true })).toBeVisible({ timeout: 1000 });
        }).toPass({ timeout: 30_000 });
        await expect(page.getByRole('button', { name: 'Checkout now' })).toBeDisabled();
        await expectAccessible(page, 'basket with an expired hold');
        await page.goto('/basket/checkout');
        await expect(page.getByText('Remove the expired items to check out: their places are no longer held.')).toBeVisible();
        await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
        await expectAccessible(page, 'checkout with an expired hold');
      } finally {
        await context.close();
      }
    });
  });
});
