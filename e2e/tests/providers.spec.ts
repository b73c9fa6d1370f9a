import type { Browser, BrowserContext, Page } from '@playwright/test';
import { startOpayoFake } from '../../apps/api/src/test/opayo-fake';
import { startRyftFake } from '../../apps/api/src/test/ryft-fake';
import { startStripeFake } from '../../apps/api/src/test/stripe-fake';
import { expect, expectAccessible, expectNoCardNumbers, test } from '../fixtures';
import { type RunningServer, startServer } from '../server';
import { londonDay, openTomorrowsSpin, stripDay } from '../support';

/**
 * Each card provider end to end in Chromium (decisions 112, 140, 141): both demo clients switched to the provider by
 * PAYMENT_SETTINGS on one server per provider, pointed at the provider's local fake, whose script mounts the card
 * fields in the page. Northfield's customer meets a declined card, a failed 3-D Secure challenge and then an approved
 * card; Riverside's (which refunds a cancellation to the card) passes a challenge (with Stripe, one that leaves the page
 * for the issuer and comes back: decision 200), then cancels in My account and the fake records the refund. The card numbers go to the fake only: each server's log and database are scanned afterwards.
 */
/** A server of its own shares two cores with others: a page may take a while. */
const slow = expect.configure({ timeout: 90_000 });

const cards = {
  success: '4242 4242 4242 4242',
  decline: '4000 0000 0000 0002',
  challenge: '4000 0000 0000 3220',
  /** Stripe's card whose 3-D Secure leaves the page for the issuer and comes back (handleNextAction's redirect). */
  redirectChallenge: '4000 0000 0000 3063',
};

type Provider = 'opayo' | 'ryft' | 'stripe';
/** How each fake's fields ask for the expiry. */
const expiryOf: Record<Provider, string> = { opayo: '1230', ryft: '12/30', stripe: '12/30' };

/** One provider's fake and the server switched to it. */
interface Rig {
  server: RunningServer;
  /** How many captures (Opayo: release instructions) took money, over every payment. */
  taken(): number;
  /** Money the fake gave back, over every payment. */
  refunded(): number;
  close(): Promise<void>;
}

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

async function startRig(provider: Provider): Promise<Omit<Rig, 'server'> & { settings: Record<string, string> }> {
  if (provider === 'opayo') {
    const fake = await startOpayoFake();
    return {
      settings: {
        provider,
        vendorName: 'northfielde2e',
        integrationKey: fake.integrationKey,
        integrationPassword: fake.integrationPassword,
        apiUrl: fake.apiUrl,
        scriptUrl: `${fake.apiUrl}/js/sagepay-dropin.js`,
      },
      taken: () => sum(fake.releases),
      refunded: () => sum(fake.refunded),
      close: () => fake.close(),
    };
  }
  if (provider === 'ryft') {
    const fake = await startRyftFake();
    return {
      settings: {
        provider,
        secretKey: fake.secretKey,
        publicKey: fake.publicKey,
        webhookSecret: fake.webhookSecret,
        apiUrl: fake.apiUrl,
        scriptUrl: `${fake.url}/sdk/ryft.js`,
      },
      taken: () => sum(fake.captures),
      refunded: () => sum(fake.refunded),
      close: () => fake.close(),
    };
  }
  const fake = await startStripeFake();
  return {
    settings: { provider, secretKey: 'sk_test_e2e', publishableKey: 'pk_test_e2e', apiUrl: fake.url, scriptUrl: `${fake.url}/v3/` },
    taken: () => sum(fake.captures),
    refunded: () => sum(fake.refunded),
    close: () => fake.close(),
  };
}

async function billing(page: Page): Promise<void> {
  await page.getByLabel('First name').fill('Alex');
  await page.getByLabel('Last name').fill('Morgan');
  await page.getByLabel('Address line 1').fill('1 Station Parade');
  await page.getByLabel('Town or city').fill('Harrogate');
  await page.getByLabel('Postcode').fill('HG1 1TE');
}

/** The provider's own fields, mounted by its script inside the checkout. */
async function hostedCard(page: Page, provider: Provider, card: string): Promise<void> {
  const fields = page.locator(`[data-provider-fields="${provider}"]`);
  await slow(fields).toBeVisible();
  await fields.getByLabel('Card number').fill(card);
  await fields.getByLabel(/^Expiry/).fill(expiryOf[provider]);
  await fields.getByLabel('Security code').fill('123');
  if (provider === 'opayo') await fields.getByLabel('Name on card').fill('Alex Morgan');
}

async function pay(page: Page, provider: Provider, card: string): Promise<void> {
  await billing(page);
  await hostedCard(page, provider, card);
  // Northfield has terms; once agreed, a checkout form shown again (after an in-page challenge) says so instead of
  // asking again. Riverside has none.
  const terms = page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ });
  if ((await terms.count()) > 0 && !(await terms.isChecked())) await page.getByText('I agree to the Terms and Conditions').click();
  await page.getByRole('button', { name: 'Pay £6.50' }).click();
}

/**
 * The issuer's challenge: Opayo's is a page of the issuer's (a full-page redirect); Stripe's and Ryft's a dialog in the
 * page, or for Stripe's redirect card a page Stripe.js leaves for, which sends the browser back to the checkout.
 */
async function answerChallenge(page: Page, provider: Provider, passed: boolean, away = provider === 'opayo'): Promise<void> {
  const button = page.getByRole('button', { name: passed ? 'Complete authentication' : 'Fail authentication' });
  if (away) {
    const issuer = provider === 'opayo' ? 'Opayo test issuer: 3-D Secure' : 'Stripe test issuer: 3-D Secure';
    await slow(page.getByRole('heading', { name: issuer, level: 1 })).toBeVisible();
  } else await slow(page.getByRole('dialog')).toBeVisible();
  await button.click();
}

/**
 * A fresh customer of `client`, signed up through the API. The request goes to the server's own address (Node does not
 * resolve riverside.localhost; Chromium does) and the session cookie is then given to the client's host too.
 */
async function signUp(context: BrowserContext, server: RunningServer, client: 'northfield' | 'riverside'): Promise<void> {
  // No long run of digits: the database is scanned for card-like numbers afterwards.
  const email = `e2e-${client}-${Date.now().toString(36)}@example.com`;
  const res = await context.request.post(`${server.url}/api/auth/customer/register`, {
    data: { first_name: 'Erin', last_name: 'Tester', email, password: 'e2e-password-2026' },
    headers: { 'client-domain-identifier': client },
  });
  expect(res.status()).toBe(201);
  if (client === 'riverside') {
    const cookies = await context.cookies(server.url);
    await context.addCookies(
      cookies.map(({ name, value, httpOnly, secure, sameSite }) => ({
        name,
        value,
        httpOnly,
        secure,
        sameSite,
        domain: 'riverside.localhost',
        path: '/',
      })),
    );
  }
}

async function toCheckout(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /^Book Spin at 07:00/ })
    .first()
    .click();
  await slow(page.getByRole('link', { name: 'Shopping basket, 1 item' })).toBeVisible();
  await page.goto('/basket/checkout');
  await slow(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
}

/** The first day at least two days ahead with a morning spin class (Mon-Sat): outside Riverside's 12-hour cut-off. */
function dayOutsideTheCutOff(): string {
  for (let offset = 2; offset <= 6; offset++) {
    const day = londonDay(offset);
    if (day.weekday >= 1 && day.weekday <= 6) return day.date;
  }
  throw new Error('no spin day two to six days ahead');
}

async function journeys(browser: Browser, provider: Provider, rig: Rig): Promise<void> {
  const { server } = rig;
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-GB', timezoneId: 'Europe/London', reducedMotion: 'reduce' });
  const page = await context.newPage();
  try {
    await test.step('Northfield: a declined card, a failed challenge, then an approved card', async () => {
      await signUp(context, server, 'northfield');
      await openTomorrowsSpin(page);
      await toCheckout(page);
      await slow(page.locator(`[data-provider-fields="${provider}"]`)).toBeVisible();
      await expectAccessible(page, `${provider} checkout with the provider's card fields`);

      await pay(page, provider, cards.decline);
      await slow(page.getByRole('alert').filter({ hasText: 'Payment was declined' })).toBeVisible();

      await pay(page, provider, cards.challenge);
      await answerChallenge(page, provider, false);
      await slow(page.getByRole('alert').filter({ hasText: '3D Secure verification failed' })).toBeVisible();
      await expectAccessible(page, `${provider} checkout after a failed challenge`);

      await pay(page, provider, cards.success);
      await slow(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
      await slow(page.getByText(/Paid by card/)).toBeVisible();
    });
  } finally {
    await context.close();
  }

  // Riverside, at its own host, refunds a cancellation to the card (decision 100).
  const riverside = await browser.newContext({
    baseURL: `http://riverside.localhost:${server.port}`,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    reducedMotion: 'reduce',
  });
  const visitor = await riverside.newPage();
  try {
    await test.step('Riverside: a challenge passed, then a cancellation refunded to the card', async () => {
      await signUp(riverside, server, 'riverside');
      await visitor.goto('/location/shrewsbury/spin');
      await stripDay(visitor, dayOutsideTheCutOff()).click();
      await slow(visitor.getByRole('heading', { name: 'Spin', level: 3 }).first()).toBeVisible();
      await toCheckout(visitor);
      // Stripe: the 3-D Secure step that leaves the page and comes back (Northfield's ran in the page).
      const away = provider === 'stripe';
      await pay(visitor, provider, away ? cards.redirectChallenge : cards.challenge);
      await answerChallenge(visitor, provider, true, away || provider === 'opayo');
      await slow(visitor.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
      await slow(visitor.getByText(/Paid by card/)).toBeVisible();
      await expectAccessible(visitor, `${provider} booking confirmed after 3-D Secure`);
      expect(rig.taken()).toBe(2);

      await visitor.goto('/account/bookings/upcoming');
      await slow(visitor.getByRole('button', { name: /^Cancel booking: Spin/ })).toBeVisible();
      await visitor.getByRole('button', { name: /^Cancel booking: Spin/ }).click();
      const dialog = visitor.getByRole('alertdialog', { name: 'Cancel this booking?' });
      await dialog.getByRole('button', { name: 'Cancel and receive a £6.50 refund' }).click();
      await slow(visitor.getByText('Booking cancelled. £6.50 refunded to your card.')).toBeVisible();
      // The refund went back through the provider that took the money, once.
      await expect.poll(() => rig.refunded(), { timeout: 30_000 }).toBe(650);
    });
  } finally {
    await riverside.close();
  }
}

test.describe('card providers', () => {
  test.describe.configure({ timeout: 900_000 });
  // Each provider runs on a server of its own (below): the worker's shared server, which the default baseURL would
  // start, is not needed. A click that cannot happen fails within a minute and a half rather than at the timeout.
  test.use({ baseURL: 'http://127.0.0.1', actionTimeout: 90_000 });

  const providers: Provider[] = ['opayo', 'ryft', 'stripe'];
  const rigs = new Map<Provider, Promise<Rig>>();
  /**
   * The provider's fake and server, started on first use. Each test also starts the next provider's while its own
   * journey runs: a start is mostly waiting for CPU on a loaded machine, and overlapping it with a journey (which
   * mostly waits on the browser) saves a start's wait per provider. Three started at once did not start in time.
   */
  const rigFor = (provider: Provider): Promise<Rig> => {
    const existing = rigs.get(provider);
    if (existing) return existing;
    const starting = (async () => {
      const { settings, ...fake } = await startRig(provider);
      const env = { PAYMENT_SETTINGS: JSON.stringify({ northfield: settings, riverside: settings }) };
      try {
        return { ...fake, server: await startServer(`provider-${provider}`, env) };
      } catch (e) {
        await fake.close();
        throw e;
      }
    })();
    // Awaited by its own test, which reports a failure; meanwhile it is not an unhandled rejection.
    starting.catch(() => {});
    rigs.set(provider, starting);
    return starting;
  };
  const run = async (browser: Browser, provider: Provider): Promise<void> => {
    const next = providers[providers.indexOf(provider) + 1];
    // A start ahead of time that ran out of time (it shared the CPU with a journey) is tried once more, now alone.
    const rig = await rigFor(provider).catch(() => {
      rigs.delete(provider);
      return rigFor(provider);
    });
    if (next) void rigFor(next);
    await journeys(browser, provider, rig);
  };

  test.afterAll(async () => {
    test.setTimeout(300_000);
    const started = (await Promise.allSettled(rigs.values())).flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    rigs.clear();
    await Promise.all(started.map((rig) => rig.server.stop()));
    await Promise.all(started.map((rig) => rig.close()));
    for (const rig of started) await expectNoCardNumbers(rig.server);
  });

  test('Opayo: Drop-in card fields, 3-D Secure by the issuer and the notification, declines, a refund', async ({ browser }) => {
    await run(browser, 'opayo');
  });

  test("Ryft: the embedded SDK's fields and its 3-D Secure step, declines, a refund", async ({ browser }) => {
    await run(browser, 'ryft');
  });

  test("Stripe: the Payment Element and handleNextAction's 3-D Secure in the page and by redirect, declines, a refund", async ({
    browser,
  }) => {
    await run(browser, 'stripe');
  });
});
