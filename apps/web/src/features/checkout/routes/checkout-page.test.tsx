import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installRefetchRules } from '../../../app/refetch-rules';
import { authorisedWire, cartItemWire, cartWire, clientWire, money, paymentSessionWire, userWire } from '../../../test/fixtures';
import { envelope, mockApi, renderAt, setViewport } from '../../../test/render';
import { activityKeys } from '../../activities';
import { challenge, pendingSca } from '../sca-return';
import { CheckoutPage } from './checkout-page';

const session = paymentSessionWire;
const authorised = authorisedWire;

const completed = envelope({ complete_order_id: 42, order_id: 42, status: 'success', error: null }, 'Order completed Successfully.');

type Routes = Parameters<typeof mockApi>[0];

function api(routes: Routes = {}, cart: unknown = cartWire([cartItemWire(1, 'Spin')])) {
  return mockApi({
    'GET /api/client': envelope(clientWire({ terms: null })),
    'GET /api/auth/user': envelope(userWire),
    'GET /api/checkout/cart': envelope(cart),
    'GET /api/checkout/prepare': envelope(session()),
    'POST /sandbox-provider/v1/card-identifiers': { status: 201, body: { card_identifier: 'card_abc', last4: '4242', brand: 'visa' } },
    'POST /api/checkout/authorise': envelope(authorised()),
    'POST /api/checkout/complete': completed,
    ...routes,
  });
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, card = '4242 4242 4242 4242') {
  await user.type(await screen.findByLabelText(/Address line 1/), '1 High Street');
  await user.type(screen.getByLabelText(/Town or city/), 'Harrogate');
  await user.type(screen.getByLabelText(/Postcode/), 'HG1 1AA');
  await user.type(screen.getByLabelText(/Card number/), card);
  await user.type(screen.getByLabelText(/Expiry date/), '12/30');
  await user.type(screen.getByLabelText(/Security code/), '123');
  await user.type(screen.getByLabelText(/Name on card/), 'Alex Morgan');
}

const open = (at = '/basket/checkout') => renderAt(<CheckoutPage />, { path: '/basket/checkout', at });

let uninstallRefetchRules = () => {};

afterEach(() => {
  uninstallRefetchRules();
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('the checkout', () => {
  it("sends the customer to the basket while a session's required question is unanswered, instead of the payment form", async () => {
    setViewport('desktop');
    const question = {
      id: 41,
      type: 'text',
      question: 'Emergency contact',
      required: true,
      options: [],
      position: 0,
      min_length: null,
      max_length: null,
      questions: [],
    };
    api(
      {},
      cartWire([
        cartItemWire(1, 'Yoga Flow', {
          custom_question_sections: [{ id: 4, title: 'About you', description: null, position: 0, questions: [question] }],
        }),
      ]),
    );
    open();
    expect(await screen.findByText('Some bookings in your basket have questions to answer before you can pay.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Answer the questions' })).toHaveAttribute('href', '/basket');
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
  });

  it('pays by card: the card goes to the provider only, then authorise, complete and the confirmation', async () => {
    setViewport('desktop');
    const user = userEvent.setup();
    const { calls } = api();
    const { router, queryClient } = open();
    uninstallRefetchRules = installRefetchRules(queryClient);
    const timetable = activityKeys.timetable('harrogate', 'spin', '2030-01-07', true);
    queryClient.setQueryData(timetable, []);
    await fillCard(user);
    await user.click(screen.getByRole('checkbox', { name: 'Save this card for future payments' }));
    await user.click(screen.getByRole('button', { name: 'Pay £6.50' }));
    expect(await screen.findByText('Order completed Successfully.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking-confirmed/42'));
    // The held place is a booking now: the timetables reload to say so.
    expect(queryClient.getQueryState(timetable)?.isInvalidated).toBe(true);
    const authorise = calls.find((c) => c.url.pathname === '/api/checkout/authorise');
    expect(authorise?.body).toMatchObject({
      card_identifier: 'card_abc',
      session_key: 'ps_1',
      item_hash: 'hash',
      payments: [{ tender_type: 'card', amount: 650 }],
      billing_address_1: '1 High Street',
      save_card: true,
    });
    expect(calls.find((c) => c.url.pathname === '/api/checkout/complete')?.body).toMatchObject({
      transaction_uuid: 'tx1',
      item_hash: 'hash',
    });
    // The card number only ever went to the provider's side.
    for (const c of calls.filter((c) => c.url.pathname.startsWith('/api/')))
      expect(JSON.stringify(c.body ?? '')).not.toContain('4242 4242');
    expect(calls.filter((c) => c.url.pathname === '/api/checkout/prepare')).toHaveLength(1);
  });

  it('sends one authorise however often Pay is pressed while a payment runs', async () => {
    setViewport('desktop');
    const user = userEvent.setup();
    const { calls } = api();
    const { router } = open();
    await fillCard(user);
    const pay = screen.getByRole('button', { name: 'Pay £6.50' });
    await user.dblClick(pay);
    await user.click(pay);
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking-confirmed/42'));
    expect(calls.filter((c) => c.url.pathname === '/api/checkout/authorise')).toHaveLength(1);
    expect(calls.filter((c) => c.url.pathname === '/api/checkout/complete')).toHaveLength(1);
  });

  it('says "Payment was declined" when authorisation fails without a message, and lets the customer pay again', async () => {
    setViewport('desktop');
    const user = userEvent.setup();
    const { calls } = api({ 'POST /api/checkout/authorise': envelope(authorised({ transaction_status: 'failed' })) });
    open();
    await fillCard(user, '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Pay £6.50' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment was declined');
    expect(screen.getByRole('button', { name: 'Pay £6.50' })).toBeEnabled();
    expect(calls.some((c) => c.url.pathname === '/api/checkout/complete')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Pay £6.50' }));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/checkout/authorise')).toHaveLength(2));
  });

  it("shows the provider's own decline message when it gives one", async () => {
    setViewport('desktop');
    const user = userEvent.setup();
    api({
      'POST /api/checkout/authorise': envelope(
        authorised({ transaction_status: 'failed', error: { code: 'insufficient_funds', message: 'Insufficient funds' } }),
      ),
    });
    open();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay £6.50' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient funds');
  });

  it('never sends a card to a provider whose card step the app does not know, and says it is not supported', async () => {
    setViewport('desktop');
    const user = userEvent.setup();
    const { calls } = api({
      'GET /api/checkout/prepare': envelope(
        session({ payment_provider: 'acmepay', url: 'https://pay.acme.test/cards', client_secret: null }),
      ),
    });
    open();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay £6.50' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Payment provider 'acmepay' is not supported");
    expect(calls.some((c) => c.url.hostname === 'pay.acme.test' || c.url.pathname.startsWith('/sandbox-provider'))).toBe(false);
    expect(calls.some((c) => c.url.pathname === '/api/checkout/authorise')).toBe(false);
  });

  it("shows the server's message when payments are switched off (403 on prepare)", async () => {
    setViewport('desktop');
    api({
      'GET /api/checkout/prepare': {
        status: 403,
        body: { message: 'Paid bookings are not available at the moment.', code: 'paid_booking_disabled' },
      },
    });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Paid bookings are not available at the moment.');
  });

  it('lists the field messages under "Validation errors" when authorise refuses the input', async () => {
    setViewport('desktop');
    const user = userEvent.setup();
    api({
      'POST /api/checkout/authorise': {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          code: 'validation_failed',
          errors: { billing_postcode: ['Must contain at most 10 character(s)'] },
        },
      },
    });
    open();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay £6.50' }));
    expect(await screen.findByText('Validation errors')).toBeInTheDocument();
    expect(screen.getByText('Must contain at most 10 character(s)')).toBeInTheDocument();
  });

  it("says 'Unable to complete your order, please try again.' when completion fails", async () => {
    setViewport('desktop');
    const user = userEvent.setup();
    api({
      'POST /api/checkout/complete': { status: 500, body: { message: 'Something has gone wrong, please try again.', code: 'internal' } },
    });
    open();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay £6.50' }));
    expect(await screen.findByText('Unable to complete your order, please try again.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Something has gone wrong, please try again.');
  });

  it('tells the customer when a late payment was credited back instead of booked', async () => {
    setViewport('desktop');
    const user = userEvent.setup();
    const text =
      'Your payment arrived after some places were released and could not be rebooked. £6.50 has been added to your account credit.';
    api({
      'POST /api/checkout/complete': envelope(
        { complete_order_id: 42, order_id: 42, status: 'success', error: null, credited: money(650) },
        text,
      ),
    });
    const { router } = open();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay £6.50' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking-confirmed/42'));
  });

  it('sends the customer to the 3-D Secure challenge, keeping no card data while away', async () => {
    setViewport('desktop');
    const user = userEvent.setup();
    const go = vi.spyOn(challenge, 'go').mockImplementation(() => {});
    api({
      'POST /api/checkout/authorise': envelope(
        authorised({
          transaction_status: 'sca_required',
          sca_url: '/sandbox-provider/3ds/tx1',
          sca_method: 'GET',
          sca_data: { return_url: 'http://localhost/basket/checkout?transaction_uuid=tx1' },
          return_url: 'http://localhost/basket/checkout?transaction_uuid=tx1',
        }),
      ),
    });
    open();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay £6.50' }));
    await waitFor(() =>
      expect(go).toHaveBeenCalledWith('/sandbox-provider/3ds/tx1', 'GET', {
        return_url: 'http://localhost/basket/checkout?transaction_uuid=tx1',
      }),
    );
    expect(screen.getByText('Taking you to your bank to verify the payment')).toBeInTheDocument();
    const kept = window.sessionStorage.getItem('checkout.pending-sca') ?? '';
    expect(JSON.parse(kept).state).toMatchObject({ status: 'sca_required', transactionId: 'tx1' });
    expect(kept).not.toMatch(/4242|123|12\/30/);
  });

  it('back from a passed challenge, completes the payment and confirms the booking', async () => {
    setViewport('desktop');
    pendingScaFor('tx1');
    const { calls } = api({ 'POST /api/payment-providers/sca-completion/tx1': envelope({ transaction_id: 'tx1', status: 'authorised' }) });
    const { router } = open('/basket/checkout?transaction_uuid=tx1&sca_result=passed');
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking-confirmed/42'));
    expect(calls.find((c) => c.url.pathname === '/api/payment-providers/sca-completion/tx1')?.body).toEqual({
      transaction_uuid: 'tx1',
      sca_result: 'passed',
    });
    expect(calls.find((c) => c.url.pathname === '/api/checkout/complete')?.body).toMatchObject({
      transaction_uuid: 'tx1',
      item_hash: 'hash',
    });
    expect(await screen.findByText('Order completed Successfully.')).toBeInTheDocument();
    expect(pendingSca.read()).toBeNull();
  });

  it("back from a failed challenge, says '3D Secure verification failed' and completes nothing", async () => {
    setViewport('desktop');
    pendingScaFor('tx1');
    const { calls } = api({ 'POST /api/payment-providers/sca-completion/tx1': envelope({ transaction_id: 'tx1', status: 'failed' }) });
    const { router } = open('/basket/checkout?transaction_uuid=tx1&sca_result=failed');
    expect(await screen.findByRole('alert')).toHaveTextContent('3D Secure verification failed');
    expect(calls.some((c) => c.url.pathname === '/api/checkout/complete')).toBe(false);
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('button', { name: 'Pay £6.50' })).toBeEnabled();
  });

  it('applies general credit with its toast, and a basket paid fully by credit completes without a card', async () => {
    setViewport('desktop');
    const user = userEvent.setup();
    const withCredit = (applied: number) => {
      const cart = cartWire([cartItemWire(1, 'Spin')]);
      return {
        ...cart,
        item_hash: applied ? 'hash-credit' : 'hash',
        balance: money(650 - applied),
        totals: { ...cart.totals, balance: 650 - applied },
        available_credit: {
          membership: { type: 'membership', total_available: 0, max_applicable: 0 },
          general: { type: 'general', total_available: 20000, max_applicable: applied ? 650 : 650 },
        },
        credits: applied ? [{ tender_type: 'general-credit', amount: applied }] : [],
      };
    };
    let cart = withCredit(0);
    const { calls } = api({
      'GET /api/checkout/cart': () => envelope(cart),
      'POST /api/credits/apply': () => {
        cart = withCredit(650);
        return envelope(cart);
      },
    });
    const { router } = open();
    expect(await screen.findByText('£200.00 available')).toBeInTheDocument();
    expect(screen.getByLabelText(/Amount of general credit to use/)).toHaveValue('6.50');
    await user.click(screen.getByRole('button', { name: 'Apply general credit' }));
    expect(await screen.findByText('Credit successfully applied.')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/credits/apply')?.body).toEqual({
      credits_to_reserve: [{ amount: 650, type: 'general' }],
      cart_source: 'activity-booking',
    });
    expect(await screen.findByText('Your credit covers the whole basket: there is nothing to pay by card.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
    expect(screen.getByText('-£6.50')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking-confirmed/42'));
    const authorise = calls.find((c) => c.url.pathname === '/api/checkout/authorise')?.body as Record<string, unknown>;
    expect(authorise).toMatchObject({ payments: [{ tender_type: 'general-credit', amount: 650 }], item_hash: 'hash-credit' });
    expect(authorise.card_identifier).toBeUndefined();
    expect(calls.some((c) => c.url.pathname.startsWith('/sandbox-provider'))).toBe(false);
  });

  it("removes applied credit, and says 'Credit amount could not be applied.' when it cannot be", async () => {
    setViewport('desktop');
    const user = userEvent.setup();
    const cart = {
      ...cartWire([cartItemWire(1, 'Spin')]),
      available_credit: {
        membership: { type: 'membership', total_available: 500, max_applicable: 500 },
        general: { type: 'general', total_available: 0, max_applicable: 0 },
      },
      credits: [{ tender_type: 'membership-credit', amount: 300 }],
    };
    const { calls } = api({
      'GET /api/checkout/cart': envelope(cart),
      'POST /api/credits/apply': { status: 409, body: { code: 'conflict' } },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Remove membership credit' }));
    expect(await screen.findByText('Credit amount could not be applied.')).toBeInTheDocument();
    // One notice: the panel's own words, not the app-wide one as well.
    expect(screen.getAllByRole('status').filter((n) => n.textContent?.includes('Error'))).toHaveLength(1);
    expect(calls.find((c) => c.url.pathname === '/api/credits/apply')?.body).toMatchObject({
      credits_to_reserve: [{ amount: 0, type: 'membership' }],
    });
  });

  it('refuses a credit amount above what may be applied, before asking the server', async () => {
    setViewport('desktop');
    const user = userEvent.setup();
    const cart = {
      ...cartWire([cartItemWire(1, 'Spin')]),
      available_credit: {
        membership: { type: 'membership', total_available: 0, max_applicable: 0 },
        general: { type: 'general', total_available: 20000, max_applicable: 650 },
      },
    };
    const { calls } = api({ 'GET /api/checkout/cart': envelope(cart) });
    open();
    const amount = await screen.findByLabelText(/Amount of general credit to use/);
    await user.clear(amount);
    await user.type(amount, '7');
    await user.click(screen.getByRole('button', { name: 'Apply general credit' }));
    expect(await screen.findByText('Enter an amount from 0.01 to £6.50')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/credits/apply')).toBe(false);
  });

  it('offers the saved card, and pays with it without asking for card details', async () => {
    setViewport('desktop');
    const user = userEvent.setup();
    const { calls } = api({
      'GET /api/checkout/prepare': envelope(session({ saved_card: { id: 7, last4: '4444', brand: 'mastercard', expiry: '12/30' } })),
    });
    const { router } = open();
    expect(await screen.findByRole('radio', { name: 'Saved mastercard card ending 4444, expires 12/30' })).toBeChecked();
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Address line 1/), '1 High Street');
    await user.type(screen.getByLabelText(/Town or city/), 'Harrogate');
    await user.type(screen.getByLabelText(/Postcode/), 'HG1 1AA');
    await user.click(screen.getByRole('button', { name: 'Pay £6.50' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking-confirmed/42'));
    expect(calls.find((c) => c.url.pathname === '/api/checkout/authorise')?.body).toMatchObject({ saved_card_id: 7 });
    expect(calls.some((c) => c.url.pathname.startsWith('/sandbox-provider'))).toBe(false);
  });

  it("offers the save-card choice beside Stripe's and Ryft's own card fields, as for Opayo", async () => {
    setViewport('desktop');
    for (const provider of ['stripe', 'ryft']) {
      api({
        'GET /api/checkout/prepare': envelope(session({ payment_provider: provider, public_key: 'pk_test_1', url: `/${provider}.js` })),
      });
      const { unmount } = open();
      expect(await screen.findByRole('checkbox', { name: 'Save this card for future payments' })).toBeInTheDocument();
      unmount();
    }
  });

  it('pays with a card saved at Stripe, and runs 3-D Secure through Stripe.js though no Payment Element was mounted', async () => {
    setViewport('desktop');
    const user = userEvent.setup();
    const handleNextAction = vi.fn(async () => ({ paymentIntent: { id: 'pi_1' } }));
    const stripe = vi.fn(() => ({ handleNextAction, elements: vi.fn(), createPaymentMethod: vi.fn() }));
    (window as unknown as { Stripe?: unknown }).Stripe = stripe;
    // Stripe.js arrives when asked for (this test's browser loads no scripts): its load event stands for it.
    const requested: string[] = [];
    const append = document.head.appendChild.bind(document.head);
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
      if (!(node instanceof HTMLScriptElement)) return append(node);
      requested.push(new URL(node.src).pathname);
      queueMicrotask(() => node.onload?.(new Event('load')));
      return node;
    });
    const { calls } = api({
      'GET /api/checkout/prepare': envelope(
        session({
          payment_provider: 'stripe',
          public_key: 'pk_test_saved',
          url: '/stripe-saved.js',
          saved_card: { id: 9, last4: '4242', brand: 'visa', expiry: '12/34' },
        }),
      ),
      'POST /api/checkout/authorise': envelope(
        authorised({
          transaction_uuid: 'tx9',
          transaction_status: 'sca_required',
          sca_url: 'http://localhost/basket/checkout?transaction_uuid=tx9',
          sca_method: 'GET',
          client_secret: 'pi_1_secret_x',
          return_url: '/basket/checkout?transaction_uuid=tx9',
        }),
      ),
      'POST /api/payment-providers/sca-completion/tx9': envelope({ transaction_id: 'tx9', status: 'authorised' }),
    });
    const { router } = open();
    expect(await screen.findByRole('radio', { name: 'Saved visa card ending 4242, expires 12/34' })).toBeChecked();
    await user.type(screen.getByLabelText(/Address line 1/), '1 High Street');
    await user.type(screen.getByLabelText(/Town or city/), 'Harrogate');
    await user.type(screen.getByLabelText(/Postcode/), 'HG1 1AA');
    await user.click(screen.getByRole('button', { name: 'Pay £6.50' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking-confirmed/42'));
    expect(requested).toEqual(['/stripe-saved.js']);
    expect(stripe).toHaveBeenCalledWith('pk_test_saved');
    expect(handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_x' });
    const sent = calls.find((c) => c.url.pathname === '/api/checkout/authorise')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ saved_card_id: 9 });
    expect(sent.payment_method_id).toBeUndefined();
    delete (window as unknown as { Stripe?: unknown }).Stripe;
  });

  it('confirms a basket of memberships on the online-joining page', async () => {
    setViewport('desktop');
    const user = userEvent.setup();
    const membership = cartItemWire(1, 'Gold Membership', { kind: 'membership', expires_at: null });
    api({}, cartWire([membership]));
    const { router } = open();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay £6.50' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-confirmed/42'));
  });

  it('will not take payment for a basket with an expired hold', async () => {
    setViewport('desktop');
    api({}, cartWire([cartItemWire(1, 'Spin', { expired: true })]));
    open();
    expect(await screen.findByText('Remove the expired items to check out: their places are no longer held.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });
});

function pendingScaFor(transactionId: string) {
  pendingSca.save({
    state: {
      status: 'sca_required',
      session: {
        paymentProvider: 'sandbox',
        sessionKey: 'ps_1',
        mode: 'test',
        url: '/sandbox-provider/v1/card-identifiers',
        savedCard: null,
        clientSecret: null,
        amount: money(650),
        itemHash: 'hash',
      },
      transactionId,
      sca: { url: '/sandbox-provider/3ds/tx1', method: 'GET', data: null, returnUrl: null },
      completeOrderId: null,
      error: null,
      previousError: null,
    },
    terms: true,
    itemHash: 'hash',
    payments: [{ tenderType: 'card', amount: 650 }],
    confirmPath: '/booking-confirmed',
  });
}
