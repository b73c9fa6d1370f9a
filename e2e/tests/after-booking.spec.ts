import { expect, expectAccessible, test } from '../fixtures';
import { fillCheckout, londonDay, registerCustomer, stripDay } from '../support';

/** The first day at least two days ahead (outside Northfield's one-day cut-off) with a morning spin class (Mon-Sat). */
function dayOutsideTheCutOff(): string {
  for (let offset = 2; offset <= 6; offset++) {
    const day = londonDay(offset);
    if (day.weekday >= 1 && day.weekday <= 6) return day.date;
  }
  throw new Error('no spin day two to six days ahead');
}

test.describe('after the booking: cancelling', () => {
  test('a customer cancels a class in My account and sees the credit it gave @phone', async ({ page }) => {
    test.slow();
    await registerCustomer(page);
    await page.goto('/location/harrogate/spin');
    await stripDay(page, dayOutsideTheCutOff()).click();
    await page
      .getByRole('button', { name: /^Book Spin at 07:00/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Items added to basket' })).toBeVisible();
    await page.goto('/basket/checkout');
    await fillCheckout(page);
    await page.getByText('I agree to the Terms and Conditions').click();
    await page.getByRole('button', { name: 'Pay £6.50' }).click();
    await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();

    await page.goto('/account/bookings/upcoming');
    await page.getByRole('button', { name: /^Cancel booking: Spin/ }).click();
    // Northfield's policy is told before the customer confirms: the whole price back as credit.
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'cancel a booking, with the credit it gives');
    await dialog.getByRole('button', { name: 'Cancel and receive £6.50 credit' }).click();
    await expect(page.getByText('Booking cancelled. £6.50 added to your account as credit.')).toBeVisible();
    await expectAccessible(page, 'upcoming bookings after cancelling');
  });
});
