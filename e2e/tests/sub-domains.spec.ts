import { demo, expect, expectAccessible, test, withOwnServer } from '../fixtures';

test.describe('the sub-domain split (SUBDOMAINS)', () => {
  test('a customer logs in on the bookings sub-domain and is still logged in on the account sub-domain', async ({ browser }) => {
    // It starts a server of its own first, which takes a good part of the usual minute on a busy machine.
    test.slow();
    await withOwnServer('sub-domains', { SUBDOMAINS: 'bookings,myaccount' }, async (server) => {
      const bookings = `http://bookings.northfield.localhost:${server.port}`;
      const account = `http://myaccount.northfield.localhost:${server.port}`;
      const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London', viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      try {
        await page.goto(`${bookings}/login`);
        await page.getByLabel('Email address').fill(demo.email);
        await page.getByLabel('Password').fill(demo.password);
        await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
        const myAccount = page.getByRole('banner').getByRole('link', { name: 'My account' });
        await expect(myAccount).toHaveAttribute('href', `${account}/`);

        // The session cookie is scoped to northfield.localhost, so the account sub-domain shares the login.
        await myAccount.click();
        await expect(page).toHaveURL(`${account}/`);
        await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
        await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible();
        await expectAccessible(page, 'account dashboard on its sub-domain');

        await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'My details' }).click();
        await expect(page).toHaveURL(`${account}/user-details`);
        await expect(page.getByRole('heading', { name: 'My details', level: 1 })).toBeVisible();
        await expect(page.getByRole('main').getByText(demo.email)).toBeVisible();
        await expectAccessible(page, 'my details on the account sub-domain');

        // The header's booking links lead back to the bookings sub-domain, still logged in.
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Book an activity' }).click();
        await expect(page).toHaveURL(new RegExp(`^${bookings}/`));
        await expect(page.getByRole('banner').getByRole('link', { name: 'My account' })).toBeVisible();

        // A booking page asked for on the account sub-domain is shown on the bookings sub-domain.
        await page.goto(`${account}/basket`);
        await expect(page).toHaveURL(`${bookings}/basket`);
      } finally {
        await context.close();
      }
    });
  });
});
