import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { expect, expectAccessible, test } from '../fixtures';
import { fillCheckout, openTomorrowsSpin, registerCustomer } from '../support';

type OutboxEmail = { to: string; kind: string | null; subject: string; html: string | null; attachments: { filename: string }[] };

test.describe('after the booking: email and calendar', () => {
  test('the confirmation page offers the .ics, which parses; the confirmation email is accessible; My account has the feed', async ({
    page,
    browser,
  }) => {
    // One long journey (checkout, download, the outbox, two axe scans, My account).
    test.slow();
    const { email } = await registerCustomer(page);
    await openTomorrowsSpin(page);
    await page.getByRole('button', { name: /^Book Spin at 07:00/ }).click();
    await expect(page.getByRole('heading', { name: 'Items added to basket' })).toBeVisible();
    await page.goto('/basket/checkout');
    await fillCheckout(page);
    await page.getByText('I agree to the Terms and Conditions').click();
    await page.getByRole('button', { name: 'Pay £6.50' }).click();
    await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
    await expect(page.getByText('Add to calendar')).toBeVisible();
    await expect(page.getByRole('link', { name: /Google Calendar/ })).toHaveAttribute('href', /^https:\/\/calendar\.google\.com\//);
    await expect(page.getByRole('link', { name: /Outlook/ })).toHaveAttribute('href', /^https:\/\/outlook\.live\.com\//);
    await expectAccessible(page, 'booking confirmed, with add to calendar');

    // The .ics download parses, in London time, at 07:00.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download .ics' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^booking-\d+\.ics$/);
    const ics = await readFile((await download.path()) as string, 'utf8');
    const cal = new ICAL.Component(ICAL.parse(ics));
    const event = new ICAL.Event(cal.getFirstSubcomponent('vevent') as ICAL.Component);
    expect(event.summary).toBe('Spin');
    expect(event.startDate.zone?.tzid).toBe('Europe/London');
    expect(event.startDate.toString()).toMatch(/T07:00:00$/);
    expect(event.location).toContain('Harrogate');

    // The confirmation email, sent by the job worker to the outbox; its HTML passes axe on its own.
    let confirmation: OutboxEmail | undefined;
    await expect
      .poll(
        async () => {
          const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as { data: OutboxEmail[] };
          confirmation = outbox.data.find((m) => m.to === email && m.kind === 'booking_confirmation');
          return Boolean(confirmation);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(confirmation?.attachments.map((a) => a.filename)).toEqual(['booking.ics']);
    // axe needs a page made from a context (browser.newPage() gives it none to analyse with).
    const mailContext = await browser.newContext();
    const mail = await mailContext.newPage();
    await mail.setContent(confirmation?.html ?? '');
    await expect(mail.getByRole('heading', { name: 'Your booking is confirmed', level: 1 })).toBeVisible();
    await expectAccessible(mail, 'the booking confirmation email');
    await mailContext.close();

    // My account: the booking offers Add to calendar, and the customer makes a private feed address.
    await page.goto('/account/bookings/upcoming');
    await expect(page.getByText('Add to calendar').first()).toBeVisible();
    await page.getByRole('button', { name: 'Make a calendar feed address' }).click();
    const feedUrl = await page.getByLabel('Your calendar feed address').inputValue();
    expect(feedUrl).toMatch(/\/api\/calendar-feeds\/[\w-]+\.ics$/);
    await expectAccessible(page, 'upcoming bookings with the calendar feed');
    const feed = await page.request.get(new URL(feedUrl).pathname);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('SUMMARY:Spin');
  });
});
