import { expect, expectAccessible, test } from '../fixtures';
import { fillCheckout, tabTo } from '../support';

const staff = { email: 'staff@example.com', password: 'staff-pass-2026' };
/** Booked on the demo's started 'Early spin' (decision 132), and able to log in (decision 167). */
const member = { email: 'member2@example.invalid', password: 'demo-pass-2026' };

/**
 * Issue 15, item 6 (decision 167): the desk marks a customer absent on a started class, Northfield's no-show policy
 * makes a £5.00 fee, and the customer sees it in My account and pays it online with the sandbox card. The desk's
 * part is by keyboard only.
 */
test.describe('a no-show, from the register to paying online', () => {
  test('a receptionist marks Member 2 absent; Member 2 sees the £5.00 no-show fee and pays it', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/staff/registers');
    await expect(page.getByRole('heading', { name: 'Staff sign in', level: 1 })).toBeVisible({ timeout: 20_000 });
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(staff.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(staff.password);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Registers', level: 1 })).toBeVisible({ timeout: 20_000 });
    const venue = page.getByLabel('Venue');
    await tabTo(page, venue);
    await page.keyboard.type('Ripon');
    await expect(venue.locator('option:checked')).toHaveText(/Ripon/);
    const early = page.getByRole('link', { name: /Early spin/ });
    await expect(early).toBeVisible({ timeout: 20_000 });
    await tabTo(page, early);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Register: Early spin', level: 1 })).toBeVisible({ timeout: 20_000 });
    const absent = page.getByRole('button', { name: 'Mark Member 2 absent' });
    await tabTo(page, absent);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Member 2 marked absent.')).toBeVisible({ timeout: 20_000 });
    await expect(absent).toHaveAttribute('aria-pressed', 'true');
    // The sweep for everyone else leaves the absence (and its fee) alone.
    const rest = page.getByRole('button', { name: /^Mark everyone not yet marked attended$|^Mark all attended$/ });
    if (await rest.isVisible()) {
      await tabTo(page, rest);
      await page.keyboard.press('Enter');
      await expect(page.getByText('Everyone marked attended.')).toBeVisible({ timeout: 20_000 });
      await expect(absent).toHaveAttribute('aria-pressed', 'true');
    }
    await expectAccessible(page, 'register with a no-show marked');
    await tabTo(page, page.getByRole('button', { name: 'Sign out' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Staff sign in', level: 1 })).toBeVisible({ timeout: 20_000 });

    // The customer's side: the fee shows in My account and is paid online.
    await page.goto('/login');
    await page.getByLabel('Email address').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
    await page.goto('/account');
    const owed = page.getByRole('region', { name: 'Penalties to pay' });
    await expect(owed).toBeVisible({ timeout: 20_000 });
    await expect(owed).toContainText(/No-show for Early spin on .*: £5\.00/);
    await expectAccessible(page, 'my account with a penalty to pay');
    await owed.getByRole('button', { name: /^Pay now £5\.00: No-show for Early spin/ }).click();

    await expect(page).toHaveURL(/\/basket\/checkout/, { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Pay £5.00' })).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, 'checkout of a penalty');
    await fillCheckout(page);
    await page.getByText('I agree to the Terms and Conditions').click();
    await page.getByRole('button', { name: 'Pay £5.00' }).click();
    await expect(page).toHaveURL(/(order|booking)-confirmed/, { timeout: 30_000 });
    await expectAccessible(page, 'penalty paid');

    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Penalties to pay' })).toHaveCount(0);
  });
});
