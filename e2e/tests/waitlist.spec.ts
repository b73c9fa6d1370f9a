import type { APIRequestContext, APIResponse } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures';
import { fillCheckout, londonDay, registerCustomer, stripDay } from '../support';

const northfield = { 'client-domain-identifier': 'northfield' };
const staffLogin = { username: 'staff@example.com', password: 'staff-pass-2026', bearer: true };

// biome-ignore lint/suspicious/noExplicitAny: the API's JSON, read by the test
type Json = any;
type OutboxEmail = { to: string; kind: string | null; subject: string; text: string };

/**
 * The first day at least two days ahead with a morning spin class (Mon-Sat): outside Northfield's one-day
 * cancellation cut-off, and never today or tomorrow, so the time of day the suite runs at cannot matter.
 */
function spinDayTwoOrMoreAhead(): string {
  for (let offset = 2; offset <= 6; offset++) {
    const day = londonDay(offset);
    if (day.weekday >= 1 && day.weekday <= 6) return day.date;
  }
  throw new Error('no spin day two to six days ahead');
}

/**
 * Another customer books and pays for the 07:00 spin of `day` through the API, as the web does (the booking journey
 * itself is covered elsewhere): register, add, prepare, the sandbox's card token, authorise, complete.
 */
async function otherCustomerBooks(api: APIRequestContext, day: string): Promise<{ occurrenceId: string; bookingId: number }> {
  const ok = async (res: APIResponse) => {
    expect(res.ok(), `${res.url()}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: Json }).data;
  };
  await ok(
    await api.post('/api/auth/customer/register', {
      data: {
        first_name: 'Sam',
        last_name: 'Other',
        email: `e2e-other-${Date.now().toString(36)}@example.com`,
        password: 'e2e-password-2026',
      },
    }),
  );
  const sessions: Json[] = await ok(await api.get(`/api/activities/venue/harrogate/activity/spin/v2/timetable?date=${day}`));
  const spin = sessions.find((o) => o.starts_at.format_24_hour === '07:00');
  expect(spin, `a 07:00 spin on ${day}`).toBeTruthy();
  await ok(await api.post('/api/checkout/cart/add', { data: { items: [{ id: spin.id, type: 'purchasableOccurrence' }] } }));
  const session = await ok(await api.get('/api/checkout/prepare'));
  const card = (await (
    await api.post('/sandbox-provider/v1/card-identifiers', {
      data: {
        session_key: session.session_key,
        card_holder_name: 'Sam Other',
        card_number: '4242 4242 4242 4242',
        expiry: '12/30',
        security_code: '123',
      },
    })
  ).json()) as { card_identifier: string };
  const auth = await ok(
    await api.post('/api/checkout/authorise', {
      data: {
        session_key: session.session_key,
        card_identifier: card.card_identifier,
        card_holder_name: 'Sam Other',
        terms: true,
        item_hash: session.item_hash,
      },
    }),
  );
  await ok(
    await api.post('/api/checkout/complete', {
      data: { transaction_uuid: auth.transaction_uuid, item_hash: session.item_hash, terms: true },
    }),
  );
  const booked: Json[] = await ok(await api.get('/api/my-account/bookings?when=upcoming'));
  return { occurrenceId: spin.id, bookingId: booked[0].id };
}

test.describe('after the booking: waitlist offers', () => {
  test('a customer waiting for a full class is offered the place another gives up, follows the email and books it', async ({
    page,
    browser,
    baseURL,
  }) => {
    // One long journey: two customers (one through the API), two payments, a staff call, the outbox and five axe
    // scans; on a loaded machine it needs more than test.slow()'s three minutes (as the camp journey does).
    test.setTimeout(300_000);
    const day = spinDayTwoOrMoreAhead();

    // Another customer books the class; the staff then shrink it to the places taken, so it is sold out with a waitlist.
    const other = await browser.newContext({ baseURL, extraHTTPHeaders: northfield });
    const { occurrenceId, bookingId } = await otherCustomerBooks(other.request, day);
    const login = await page.request.post('/api/auth/customer/login', { data: staffLogin, headers: northfield });
    expect(login.status()).toBe(200);
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    // Other journeys on this worker's server may have booked the same class: it shrinks to what is taken now.
    const taken = ((await (await page.request.get(`/api/activities/${occurrenceId}`, { headers: northfield })).json()) as { data: Json })
      .data.capacity.consumed as number;
    const shrunk = await page.request.patch(`/api/v1/activities/occurrences/${occurrenceId}`, {
      data: { capacity: { strategy: 'shared', capacity: taken } },
      headers: { ...northfield, authorization: `Bearer ${token}` },
    });
    expect(shrunk.status()).toBe(200);

    // The customer joins the waitlist from the timetable and sees their place in the queue there.
    const { email } = await registerCustomer(page);
    await page.goto('/location/harrogate/spin');
    await stripDay(page, day).click();
    await page.getByRole('button', { name: /^Join waitlist for Spin at 07:00/ }).click();
    await expect(page.getByText('Successfully joined the waitlist.')).toBeVisible();
    await expect(page.getByText('1st in the queue')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Leave waitlist for Spin at 07:00/ })).toBeVisible();
    await expectAccessible(page, 'timetable, on the waitlist with the place in the queue');

    // ...and in My account.
    await page.goto('/account/bookings/upcoming');
    const waitlists = page.getByRole('region', { name: 'Waitlists' });
    await expect(waitlists.getByRole('heading', { name: 'Spin', level: 3 })).toBeVisible();
    await expect(waitlists.getByText('1st in the queue')).toBeVisible();
    await expectAccessible(page, 'My account with a waitlist and the place in the queue');

    // The other customer cancels (outside the cut-off: credit back; the cancelling screen is after-booking.spec's),
    // which frees the place for the first in the queue.
    const cancelled = await other.request.delete(`/api/activities/bookings/${bookingId}/?source=bookings`);
    expect(cancelled.status()).toBe(200);
    await other.close();

    // The offer email is written to the outbox by the job worker.
    let offer: OutboxEmail | undefined;
    await expect
      .poll(
        async () => {
          const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as { data: OutboxEmail[] };
          offer = outbox.data.find((m) => m.to === email && m.kind === 'waitlist_offer');
          return Boolean(offer);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(offer?.subject).toMatch(/^A place is free: Spin - /);
    await page.goto('/dev/outbox');
    await expect(page.getByRole('heading', { name: offer?.subject ?? '', level: 2 })).toBeVisible();
    await expectAccessible(page, 'the outbox with the waitlist offer');

    // Its link (on the client's own domain) opens the offer here; the held place goes into the basket.
    const link = /https?:\/\/\S+\/waitlist-offer\/[\w-]+/.exec(offer?.text ?? '')?.[0];
    expect(link, 'the offer email links to the offer').toBeTruthy();
    await page.goto(new URL(link as string).pathname);
    await expect(page.getByRole('heading', { name: 'A place is held for you', level: 1 })).toBeVisible();
    await expectAccessible(page, 'the waitlist offer');
    await page.getByRole('button', { name: 'Add to basket (£6.50)' }).click();
    await expect(page).toHaveURL(/\/basket$/);
    await expect(page.getByText('Spin').first()).toBeVisible();
    await expectAccessible(page, 'the basket with the offered place');

    // Pays for it like any other place, and it is booked.
    await page.goto('/basket/checkout');
    await fillCheckout(page);
    await page.getByText('I agree to the Terms and Conditions').click();
    await page.getByRole('button', { name: 'Pay £6.50' }).click();
    await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
    await page.goto('/account/bookings/upcoming');
    await expect(page.getByRole('button', { name: /^Cancel booking: Spin/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Waitlists' })).toHaveCount(0);
  });
});
