import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test, withOwnServer } from '../fixtures';
import { fillCheckout } from '../support';

const staff = { email: 'staff@example.com', password: 'staff-pass-2026' };
const demo = { email: 'demo@example.com', password: 'demo-pass-2026' };

/** Moves focus forward with Tab until the element has it: the desk journey uses the keyboard only. */
async function tabTo(page: Page, target: Locator, limit = 120): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** From the customer search, by keyboard: the demo customer by part of their surname, Book, for Sam, at Harrogate. */
async function bookForSamAtHarrogate(page: Page): Promise<void> {
  await tabTo(page, page.getByLabel('Name, email, reference, phone or barcode'));
  await page.keyboard.type('Morg');
  const alex = page.getByRole('list', { name: 'Matching customers' }).getByRole('link', { name: /Alex Morgan/ });
  await expect(alex).toBeVisible({ timeout: 20_000 });
  await tabTo(page, alex);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Alex Morgan', level: 1 })).toBeFocused({ timeout: 20_000 });
  await tabTo(page, page.getByRole('link', { name: 'Book', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Book for Alex Morgan', level: 1 })).toBeVisible({ timeout: 20_000 });
  await tabTo(page, page.getByLabel('Booking for'));
  await page.keyboard.type('Sam');
  await expect(page.getByRole('heading', { name: 'Book for Sam Morgan', level: 1 })).toBeVisible();
  await tabTo(page, page.getByLabel('Venue'));
  await page.keyboard.type('Harrogate');
}

test.describe('the staff console at the front desk', () => {
  test('a receptionist signs in, finds the demo customer, opens the record and marks one absent on a register, by keyboard', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/staff');
    await expect(page.getByRole('heading', { name: 'Staff sign in', level: 1 })).toBeVisible();
    await expectAccessible(page, 'staff sign in');
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(staff.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(staff.password);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Find a customer', level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Signed in as Jamie Reception')).toBeVisible();
    await expectAccessible(page, 'staff customer search');
    await tabTo(page, page.getByLabel('Name, email, reference, phone or barcode'));
    await page.keyboard.type('Morg');
    await expect(page.getByRole('status').filter({ hasText: /customers? found/ })).toBeVisible({ timeout: 20_000 });
    const alex = page.getByRole('list', { name: 'Matching customers' }).getByRole('link', { name: /Alex Morgan/ });
    await expect(alex).toBeVisible();
    await expectAccessible(page, 'staff search results');
    await tabTo(page, alex);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Alex Morgan', level: 1 })).toBeFocused({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Penalties' })).toBeVisible();
    await expectAccessible(page, 'staff customer record');

    await tabTo(page, page.getByRole('link', { name: 'Registers' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Registers', level: 1 })).toBeVisible();
    const venue = page.getByLabel('Venue');
    await tabTo(page, venue);
    // A closed select takes typed letters: R picks Ripon, where the demo's started session is.
    await page.keyboard.type('Ripon');
    await expect(venue.locator('option:checked')).toHaveText(/Ripon/);
    const early = page.getByRole('link', { name: /Early spin/ });
    await expect(early).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, 'staff registers');
    await tabTo(page, early);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Register: Early spin', level: 1 })).toBeVisible({ timeout: 20_000 });
    const absent = page.getByRole('button', { name: 'Mark Member 1 absent' });
    const box = await absent.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await expectAccessible(page, 'staff register');
    await tabTo(page, absent);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Member 1 marked absent.')).toBeVisible({ timeout: 20_000 });
    await expect(absent).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page, 'staff register after marking');
  });

  test('the demo customer signed in sees the sign-in with a notice, never staff data', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email address').fill('demo@example.com');
    await page.getByLabel('Password').fill('demo-pass-2026');
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
    await page.goto('/staff/registers');
    await expect(page.getByRole('alert')).toHaveText(/This account is not a staff account here/);
    await expect(page.getByRole('heading', { name: 'Registers' })).toHaveCount(0);
  });

  test('a receptionist opens a till, books a badminton court for the demo customer’s linked child, takes cash with change, prints the receipt and cashes up, by keyboard', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.goto('/staff');
    await expect(page.getByRole('heading', { name: 'Staff sign in', level: 1 })).toBeVisible();
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(staff.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(staff.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Find a customer', level: 1 })).toBeVisible({ timeout: 20_000 });

    // The till: opened with a £100 float.
    await tabTo(page, page.getByRole('link', { name: 'Tills' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Tills', level: 1 })).toBeVisible();
    await expect(page.getByText('Closed')).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, 'staff tills, closed');
    await tabTo(page, page.getByLabel('Float (£)'));
    await page.keyboard.type('100');
    await page.keyboard.press('Enter');
    await expect(page.getByText(/Open, float £100\.00, opened by Jamie Reception/)).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, 'staff till open');

    // The customer, by part of their surname, then Book.
    await tabTo(page, page.getByRole('link', { name: 'Customers' }));
    await page.keyboard.press('Enter');
    // The customers' own court grid, in desk mode, for the linked child.
    await bookForSamAtHarrogate(page);
    const activity = page.getByLabel('Activity');
    await tabTo(page, activity);
    await page.keyboard.type('Racket sports: B');
    await expect(activity.locator('option:checked')).toHaveText(/Badminton/);
    await expectAccessible(page, 'staff booking for a customer');
    await tabTo(page, page.getByRole('button', { name: 'Next day' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('table', { name: /^Courts and start times/ })).toBeVisible({ timeout: 30_000 });
    // The grid is one tab stop: Tab into it, Enter picks the slot that has focus.
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      const label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
      if (/^Court \d, .*, available$/.test(label)) break;
    }
    await page.keyboard.press('Enter');
    await expect(page.getByText(/1 slot chosen/)).toBeVisible();
    await expectAccessible(page, 'staff court grid with a slot chosen');
    await tabTo(page, page.getByRole('button', { name: 'Add to basket' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Items added to basket' })).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, 'staff items added');
    await tabTo(page, page.getByRole('link', { name: 'Checkout', exact: true }));
    await page.keyboard.press('Enter');

    // The desk checkout: cash, £20 handed over, the change due shown.
    await expect(page.getByRole('heading', { name: 'Desk checkout', level: 1 })).toBeVisible({ timeout: 20_000 });
    const take = page.getByRole('button', { name: /^Take £/ });
    await expect(take).toBeVisible({ timeout: 20_000 });
    const price = Number((await take.textContent())?.replace(/[^0-9.]/g, ''));
    await expect(page.getByLabel('Cash', { exact: true })).toBeChecked();
    await tabTo(page, page.getByLabel('Cash handed over (£)'));
    await page.keyboard.type('20');
    await expect(page.getByText(`Change due: £${(20 - price).toFixed(2)}`)).toBeVisible();
    await expectAccessible(page, 'staff desk checkout with change due');
    await tabTo(page, take);
    await page.keyboard.press('Enter');

    // The receipt: printable on its own.
    await expect(page.getByRole('heading', { name: 'Receipt', level: 1 })).toBeFocused({ timeout: 20_000 });
    await expect(page.getByText(`Change given: £${(20 - price).toFixed(2)}`)).toBeVisible();
    await expect(page.getByText('Badminton court')).toBeVisible();
    await expectAccessible(page, 'staff receipt');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Staff' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // Closing the till: the drawer is counted £1 short, and the cash-up says so.
    await tabTo(page, page.getByRole('link', { name: 'Tills' }));
    await page.keyboard.press('Enter');
    const expected = 100 + price;
    await expect(page.getByText(`Cash expected in the drawer: £${expected.toFixed(2)}`)).toBeVisible({ timeout: 20_000 });
    await tabTo(page, page.getByLabel('Cash counted (£)'));
    await page.keyboard.type((expected - 1).toFixed(2));
    await page.keyboard.press('Enter');
    const cashUp = page.getByRole('region', { name: 'Cash-up: Front desk' });
    await expect(cashUp).toBeVisible({ timeout: 20_000 });
    await expect(cashUp).toContainText(`Expected£${expected.toFixed(2)}`);
    await expect(cashUp).toContainText('Short');
    await expectAccessible(page, 'staff till cash-up');
  });

  test('a receptionist takes the register for a spin class and marks the demo customer absent; signed in online, the customer sees the no-show fee and pays it', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // The desk, by keyboard only.
    await page.goto('/staff/registers');
    await expect(page.getByRole('heading', { name: 'Staff sign in', level: 1 })).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, 'staff sign in before the register');
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
    await expectAccessible(page, 'registers at Ripon');
    await tabTo(page, early);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Register: Early spin', level: 1 })).toBeVisible({ timeout: 20_000 });
    const absent = page.getByRole('button', { name: 'Mark Alex Morgan absent' });
    await expect(absent).toBeVisible();
    await expectAccessible(page, 'the spin register with the demo customer');
    await tabTo(page, absent);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Alex Morgan marked absent.')).toBeVisible({ timeout: 20_000 });
    await expect(absent).toHaveAttribute('aria-pressed', 'true');
    // The sweep for everyone else leaves the absence (and its fee) alone.
    const rest = page.getByRole('button', { name: /^Mark everyone not yet marked attended$|^Mark all attended$/ });
    if (await rest.isVisible()) {
      await tabTo(page, rest);
      await page.keyboard.press('Enter');
      await expect(page.getByText('Everyone marked attended.')).toBeVisible({ timeout: 20_000 });
      await expect(absent).toHaveAttribute('aria-pressed', 'true');
    }
    await expectAccessible(page, 'the demo customer marked absent');
    await tabTo(page, page.getByRole('button', { name: 'Sign out' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Staff sign in', level: 1 })).toBeVisible({ timeout: 20_000 });

    // The customer, online: the operator's no-show fee (£5.00) is owed and paid by card.
    await page.goto('/login');
    await page.getByLabel('Email address').fill(demo.email);
    await page.getByLabel('Password').fill(demo.password);
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
    await page.goto('/account');
    const owed = page.getByRole('region', { name: 'Penalties to pay' });
    await expect(owed).toBeVisible({ timeout: 20_000 });
    await expect(owed).toContainText(/No-show for Early spin on .*: £5\.00/);
    await expectAccessible(page, 'the demo customer with a no-show fee to pay');
    await owed.getByRole('button', { name: /^Pay now £5\.00: No-show for Early spin/ }).click();
    await expect(page).toHaveURL(/\/basket\/checkout/, { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Pay £5.00' })).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, 'the demo customer paying the fee');
    await fillCheckout(page);
    await page.getByText('I agree to the Terms and Conditions').click();
    await page.getByRole('button', { name: 'Pay £5.00' }).click();
    await expect(page).toHaveURL(/(order|booking)-confirmed/, { timeout: 30_000 });
    await expectAccessible(page, 'the no-show fee paid');
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Penalties to pay' })).toHaveCount(0);
    await expectAccessible(page, 'the demo customer with nothing owed');
  });

  test('a receptionist books the demo customer’s linked child onto the swimming course, answering its questions and waiver, and takes cash, by keyboard', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    // A server of its own: the customers' course journey books Sam on the same course, and a place is booked once.
    await withOwnServer('desk-course', {}, async (server) => {
      const context = await browser.newContext({ baseURL: server.url, locale: 'en-GB', timezoneId: 'Europe/London' });
      const page = await context.newPage();
      try {
        await page.goto('/staff/tills');
        await expect(page.getByRole('heading', { name: 'Staff sign in', level: 1 })).toBeVisible({ timeout: 20_000 });
        await tabTo(page, page.getByLabel('Email'));
        await page.keyboard.type(staff.email);
        await page.keyboard.press('Tab');
        await page.keyboard.type(staff.password);
        await page.keyboard.press('Enter');
        await expect(page.getByRole('heading', { name: 'Tills', level: 1 })).toBeVisible({ timeout: 20_000 });
        await tabTo(page, page.getByLabel('Float (£)'));
        await page.keyboard.type('50');
        await page.keyboard.press('Enter');
        await expect(page.getByText(/Open, float £50\.00/)).toBeVisible({ timeout: 20_000 });

        await page.goto('/staff');
        // A course category at the venue leads to the customers' own course pages, at the desk, for Sam.
        await bookForSamAtHarrogate(page);
        const activity = page.getByLabel('Activity');
        await tabTo(page, activity);
        await page.keyboard.type('Swimming: Swimming');
        await expect(activity.locator('option:checked')).toHaveText('Swimming: Swimming lessons');
        const courses = page.getByRole('link', { name: 'See the courses: Swimming: Swimming lessons' });
        await expectAccessible(page, 'staff booking, a course category chosen');
        await tabTo(page, courses);
        await page.keyboard.press('Enter');
        const book = page.getByRole('link', { name: 'Book this course: Adult improvers swimming' });
        await expect(book).toBeVisible({ timeout: 20_000 });
        await expectAccessible(page, 'staff course list');
        await tabTo(page, book);
        await page.keyboard.press('Enter');

        await expect(page.getByRole('heading', { name: 'Adult improvers swimming', level: 1 })).toBeVisible({ timeout: 20_000 });
        await expect(page.getByText('Booking for Sam Morgan')).toBeVisible();
        await tabTo(page, page.getByRole('textbox', { name: 'Please tell us about any medical conditions or allergies' }));
        await page.keyboard.type('None known.');
        await tabTo(page, page.getByRole('textbox', { name: 'Emergency contact name and phone number' }));
        await page.keyboard.type('Alex Morgan 07700 900123');
        const level = page.getByRole('button', { name: /Swimming level/ });
        await tabTo(page, level);
        await page.keyboard.press('Enter');
        await page.getByRole('option', { name: 'Improver' }).waitFor();
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        await expect(level).toContainText('Improver');
        // The customer agrees the waiver at the desk, and the receptionist records it.
        const waiver = page.getByRole('checkbox', { name: 'I agree to the Swimming lessons safety waiver' });
        await tabTo(page, waiver);
        await page.keyboard.press('Space');
        await expect(waiver).toBeChecked();
        const add = page.getByRole('button', { name: 'Add to basket' }).filter({ visible: true });
        await expect(add).toBeEnabled();
        await expectAccessible(page, 'staff course booking, filled in');
        await tabTo(page, add);
        await page.keyboard.press('Enter');
        await expect(page.getByRole('heading', { name: 'Items added to basket' })).toBeVisible({ timeout: 20_000 });
        await tabTo(page, page.getByRole('link', { name: 'Checkout', exact: true }));
        await page.keyboard.press('Enter');

        // The desk checkout takes the course's price in cash, and the receipt shows it.
        await expect(page.getByRole('heading', { name: 'Desk checkout', level: 1 })).toBeVisible({ timeout: 20_000 });
        const take = page.getByRole('button', { name: 'Take £48.00' });
        await expect(take).toBeVisible({ timeout: 20_000 });
        await expect(page.getByLabel('Cash', { exact: true })).toBeChecked();
        await tabTo(page, page.getByLabel('Cash handed over (£)'));
        await page.keyboard.type('50');
        await expect(page.getByText('Change due: £2.00')).toBeVisible();
        await expectAccessible(page, 'staff desk checkout for a course');
        await tabTo(page, take);
        await page.keyboard.press('Enter');
        await expect(page.getByRole('heading', { name: 'Receipt', level: 1 })).toBeFocused({ timeout: 20_000 });
        await expect(page.getByRole('cell', { name: /^Adult improvers swimming/ })).toBeVisible();
        await expectAccessible(page, 'staff receipt for a course');
      } finally {
        await context.close();
      }
    });
  });
});
