import { demo, expect, expectAccessible, test } from '../fixtures';
import { fillCheckout, openTomorrowsSpin } from '../support';

let counter = 0;
// Base 36: a 13-digit timestamp in an email could pass the card-number scan by chance.
const freshEmail = () => `e2e-account-${Date.now().toString(36)}-${counter++}@example.com`;

test.describe('signing up and logging in', () => {
  test('a visitor signs up, lands where the redirect says, and edits their details', async ({ page }) => {
    await page.goto('/register?redirect=/account/user-details');
    await expect(page.getByRole('heading', { name: 'Sign up', level: 1 })).toBeVisible();
    await expectAccessible(page, 'sign up');
    const email = freshEmail();
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Fletcher');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('robin-pass-2026');
    await page.getByText('I agree to the Terms and Conditions and the privacy notice').click();
    await page.getByRole('button', { name: 'Create an account' }).click();

    await expect(page).toHaveURL(/\/account\/user-details$/);
    await expect(page.getByText('Welcome, Robin. Your account is ready.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My details', level: 1 })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expectAccessible(page, 'my details');

    await page.getByRole('button', { name: 'Edit details' }).click();
    await page.getByLabel('Phone number').fill('not a phone');
    await page.getByRole('button', { name: 'Save details' }).click();
    // The error summary takes focus and links to the field (issue 13, defect 7; decision 240).
    const summary = page.getByRole('region', { name: 'There is a problem' });
    await expect(summary).toBeFocused();
    await summary.getByRole('link', { name: 'Must be a valid phone number' }).click();
    await expect(page.getByLabel('Phone number')).toBeFocused();
    await expectAccessible(page, 'my details with an error');
    await page.getByLabel('Phone number').fill('01423 500600');
    await page.getByLabel('Town or city').fill('Harrogate');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Your details have been updated.')).toBeVisible();
    await expect(page.getByText('01423 500600')).toBeVisible();
    await expect(page.getByText('Harrogate', { exact: true })).toBeVisible();

    // Sign-up is for visitors only: a logged-in customer is sent on.
    await page.goto('/register');
    await expect(page).toHaveURL(/\/$/);
  });

  test('/login honours the redirect and the header then offers My account and Log out', async ({ page }) => {
    await page.goto('/login?redirect=/account/memberships');
    await expectAccessible(page, 'login');
    await page.getByLabel('Email address').fill(demo.email);
    await page.getByLabel('Password').fill(demo.password);
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/account\/memberships$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'My account' })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('a login link (token query parameter) logs the customer in and leaves the address bar clean', async ({
    page,
    playwright,
    server,
  }) => {
    const api = await playwright.request.newContext({ baseURL: server.url });
    const res = await api.post('/api/auth/customer/login', { data: { username: demo.email, password: demo.password, bearer: true } });
    const token = ((await res.json()) as { data: { token: string } }).data.token;
    await api.dispose();

    await page.goto(`/account?token=${token}`);
    await expect(page.getByText('Welcome, Alex')).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
  });
});

test.describe('forgotten password', () => {
  test('a customer resets their password through the emailed link (the development outbox) and logs in with it', async ({
    page,
    playwright,
    server,
  }) => {
    const email = freshEmail();
    const api = await playwright.request.newContext({ baseURL: server.url });
    expect(
      (
        await api.post('/api/auth/customer/register', {
          data: { first_name: 'Kit', last_name: 'Marlowe', email, password: 'old-pass-2026' },
        })
      ).status(),
    ).toBe(201);
    await api.dispose();

    await page.goto('/login');
    await page.getByRole('main').getByRole('link', { name: 'Forgotten your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgotten password', level: 1 })).toBeVisible();
    await expectAccessible(page, 'forgotten password');
    await page.getByLabel('Email address or customer reference').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('If an account matches, we have emailed you a link to reset your password.')).toBeVisible();

    // The development outbox page lists the email, since no SMTP server is configured.
    await page.goto('/dev/outbox');
    await expect(page.getByRole('heading', { name: 'Email outbox', level: 1 })).toBeVisible();
    await expect(page.getByText(`To ${email}`)).toBeVisible();
    await expectAccessible(page, 'outbox');

    const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as { data: { to: string; text: string }[] };
    const message = outbox.data.find((m) => m.to.includes(email));
    expect(message, 'the reset email in the outbox').toBeTruthy();
    const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(message?.text ?? '')?.[0] ?? '';
    const path = `${new URL(link).pathname}${new URL(link).search}`;

    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Reset your password', level: 1 })).toBeVisible();
    await expectAccessible(page, 'reset password');
    await page.getByLabel('New password', { exact: true }).fill('new-pass-2026');
    await page.getByLabel('Confirm new password').fill('new-pass-2026');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Your password has been reset. You can now log in.')).toBeVisible();
    await expectAccessible(page, 'password reset');

    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('new-pass-2026');
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'My account' })).toBeVisible();

    // The link works once.
    await page.goto(path);
    await page.getByLabel('New password', { exact: true }).fill('another-pass-2026');
    await page.getByLabel('Confirm new password').fill('another-pass-2026');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  });
});

test.describe('my account', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login?redirect=/account');
    await page.getByLabel('Email address').fill(demo.email);
    await page.getByLabel('Password').fill(demo.password);
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    // A login runs scrypt at OWASP's cost, bounded to two at a time (decision 074): on a busy machine it takes seconds.
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 30_000 });
  });

  test('the demo customer sees each account page: what they hold, their bookings, payments and linked users', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'My account' });
    await expect(page.getByText('Welcome, Alex')).toBeVisible();
    await expectAccessible(page, 'dashboard');

    await nav.getByRole('link', { name: 'My details' }).click();
    await expect(page.getByRole('heading', { name: 'My details', level: 1 })).toBeVisible();
    await expect(page.getByText(demo.email)).toBeVisible();
    await expectAccessible(page, 'my details');

    await nav.getByRole('link', { name: 'Memberships' }).click();
    await expect(page.getByRole('heading', { name: 'Off-peak monthly' })).toBeVisible();
    await expect(page.getByText('Active')).toBeVisible();
    await expectAccessible(page, 'memberships');

    await nav.getByRole('link', { name: 'Packages' }).click();
    await expect(page.getByRole('heading', { name: '10 swim pass' })).toBeVisible();
    await expect(page.getByText('7 of 10 uses left')).toBeVisible();
    await expectAccessible(page, 'packages');

    await nav.getByRole('link', { name: 'Bookings' }).click();
    await expect(page.getByRole('heading', { name: 'Upcoming', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Past', level: 2 })).toBeVisible();
    await expectAccessible(page, 'bookings');

    await nav.getByRole('link', { name: 'Payments' }).click();
    await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    await expect(page.getByRole('table').or(page.getByText('You have made no payments.'))).toBeVisible();
    await expectAccessible(page, 'payments');

    await nav.getByRole('link', { name: 'Linked users' }).click();
    const sam = page.getByRole('row', { name: /Sam Morgan/ });
    await expect(sam).toContainText('Parent');
    await expect(sam).toContainText('Accepted');
    await expectAccessible(page, 'linked users');

    // Guest passes are off for this client: no link, and the page is not found.
    await expect(nav.getByRole('link', { name: 'Guest passes' })).toHaveCount(0);
    await page.goto('/account/guest-passes');
    await expect(page.getByRole('heading', { name: "Whoops! Looks like you've gone offside." })).toBeVisible();
  });

  test("the customer can show a linked user's account", async ({ page }) => {
    await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Memberships' }).click();
    await expect(page.getByRole('heading', { name: 'Off-peak monthly' })).toBeVisible();
    await page.getByRole('button', { name: /Showing the account of/ }).click();
    await page.getByRole('option', { name: 'Sam Morgan' }).click();
    await expect(page.getByText('You have no memberships.')).toBeVisible();
    await expectAccessible(page, 'memberships of a linked user');
  });

  test("the customer books and pays for a linked family member: the item is in the customer's basket, marked for them", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/basket');
    await page.getByRole('button', { name: /Booking for/ }).click();
    await page.getByRole('option', { name: 'Sam Morgan' }).click();
    await expect(page.getByText('You are booking for Sam Morgan.')).toBeVisible();
    await expect(page.getByText('Your basket, Alex Morgan: each item says who it is for.')).toBeVisible();
    await expectAccessible(page, 'basket booking for Sam');

    await openTomorrowsSpin(page);
    await expect(page.getByText('You are booking for Sam Morgan.')).toBeVisible();
    await page.getByRole('button', { name: /^Book Spin at 07:00/ }).click();
    await expect(page.getByRole('heading', { name: 'Items added to basket' })).toBeVisible();
    await page.keyboard.press('Escape');
    // One basket, the customer's, with the line for Sam (issue 13, decision 168).
    await page.goto('/basket');
    await expect(page.getByText('Your basket, Alex Morgan: each item says who it is for.')).toBeVisible();
    await expect(page.getByRole('button', { name: /Who is Spin for\?/ })).toContainText('Sam Morgan');
    await expectAccessible(page, 'basket with an item for Sam');
    await page.goto('/basket/checkout');
    await fillCheckout(page);
    await page.getByText('I agree to the Terms and Conditions').click();
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();

    // Sam's account shows the booking; switching back, the customer's own basket is theirs again.
    await page.goto('/account/bookings');
    await expect(page.getByRole('heading', { name: 'Upcoming', level: 2 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Upcoming' }).getByRole('heading', { name: 'Spin' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Book for me instead' }).click();
    await expect(page.getByText('You are booking for Sam Morgan.')).toHaveCount(0);
  });

  test('on a phone, Bookings opens the upcoming list', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/account/bookings');
    await expect(page).toHaveURL(/\/account\/bookings\/upcoming$/);
    await expect(page.getByRole('heading', { name: 'Bookings: Upcoming', level: 1 })).toBeVisible();
    await expectAccessible(page, 'upcoming bookings on a phone');
    await page.getByRole('link', { name: 'Past' }).click();
    await expect(page).toHaveURL(/\/account\/bookings\/past$/);
    await expect(page.getByRole('heading', { name: 'Bookings: Past', level: 1 })).toBeVisible();
  });
});
