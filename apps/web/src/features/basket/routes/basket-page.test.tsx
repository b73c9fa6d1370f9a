import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { installRefetchRules } from '../../../app/refetch-rules';
import { cartItemWire, cartWire, clientWire, money, userWire } from '../../../test/fixtures';
import { envelope, mockApi, renderAt, setViewport } from '../../../test/render';
import { activityKeys } from '../../activities';
import { loginModal } from '../../auth';
import { BasketPage } from './basket-page';

const unauthenticated = { status: 401, body: { message: 'Please log in to continue.', code: 'unauthenticated' } };

function api({ user = true, cart = cartWire([]) as unknown, cartStatus = 200, terms = '<p>Booking terms</p>' as string | null } = {}) {
  return mockApi({
    'GET /api/client': envelope(clientWire({ terms })),
    'GET /api/auth/user': user ? envelope(userWire) : unauthenticated,
    'GET /api/checkout/cart': cartStatus === 200 ? envelope(cart) : { status: cartStatus, body: { message: 'Boom', code: 'internal' } },
    'POST /api/checkout/cart/remove': envelope(cartWire([]), 'Successfully removed item from the basket.'),
  });
}

let uninstallRefetchRules = () => {};
afterEach(() => uninstallRefetchRules());

describe('the basket', () => {
  it("asks a visitor to log in, with a 'Log in' button that opens the login modal", async () => {
    setViewport('desktop');
    api({ user: false });
    renderAt(<BasketPage />, { path: '/basket' });
    expect(await screen.findByText('Log in to add items to your basket')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shopping basket', level: 1 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(loginModal.isOpen()).toBe(true);
    loginModal.close();
  });

  it('tells a logged-in user with nothing in it that it is empty, with the total in grey', async () => {
    setViewport('desktop');
    api();
    renderAt(<BasketPage />, { path: '/basket' });
    expect(await screen.findByText('Your shopping basket is empty')).toBeInTheDocument();
    expect(screen.getByText('0 items')).toBeInTheDocument();
    expect(screen.getByText('£0.00').closest('p')).toHaveClass('text-gray-600');
    expect(screen.queryByRole('link', { name: 'Checkout now' })).not.toBeInTheDocument();
  });

  it('says so when the basket fails to load', async () => {
    setViewport('desktop');
    api({ cartStatus: 500 });
    renderAt(<BasketPage />, { path: '/basket' });
    expect(await screen.findByText('Failed to load your shopping basket, please try again.')).toBeInTheDocument();
  });

  it('lists the items with the basket cost, the total to pay, the terms and Checkout now', async () => {
    setViewport('desktop');
    api({ cart: cartWire([cartItemWire(1, 'Spin'), cartItemWire(2, 'Yoga Flow')]) });
    renderAt(<BasketPage />, { path: '/basket' });
    expect(await screen.findByRole('heading', { name: 'Spin' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Yoga Flow' })).toBeInTheDocument();
    expect(screen.getByText('2 items')).toBeInTheDocument();
    expect(screen.getByText('Basket cost:')).toBeInTheDocument();
    expect(screen.getByText('Total to pay:')).toBeInTheDocument();
    expect(screen.getAllByText('£13.00').length).toBeGreaterThan(0);
    expect(screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Checkout now' })).toHaveAttribute('href', '/basket/checkout');
    // 'Continue browsing' is for small screens only.
    expect(screen.queryByRole('link', { name: 'Continue browsing' })).not.toBeInTheDocument();
  });

  it('opens the terms in a modal', async () => {
    setViewport('desktop');
    api({ cart: cartWire([cartItemWire(1, 'Spin')]) });
    renderAt(<BasketPage />, { path: '/basket' });
    await userEvent.click(await screen.findByRole('button', { name: 'Read the Terms and Conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(within(dialog).getByText('Booking terms')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'I agree to the Terms and Conditions' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' })).toBeChecked());
  });

  it('has no terms checkbox when the operator has no terms', async () => {
    setViewport('desktop');
    api({ cart: cartWire([cartItemWire(1, 'Spin')]), terms: null });
    renderAt(<BasketPage />, { path: '/basket' });
    await screen.findByRole('heading', { name: 'Spin' });
    expect(screen.queryByRole('checkbox', { name: 'I agree to the Terms and Conditions' })).not.toBeInTheDocument();
  });

  it('offers Continue browsing on small screens', async () => {
    setViewport('mobile');
    api({ cart: cartWire([cartItemWire(1, 'Spin')]) });
    renderAt(<BasketPage />, { path: '/basket' });
    expect(await screen.findByRole('link', { name: 'Continue browsing' })).toHaveAttribute('href', '/redirect-to-selected-venue');
  });

  it('marks an expired line as expired, and does not let it be paid for', async () => {
    setViewport('desktop');
    api({ cart: cartWire([cartItemWire(1, 'Spin', { expired: true }), cartItemWire(2, 'Yoga Flow')]) });
    renderAt(<BasketPage />, { path: '/basket' });
    expect(await screen.findByText('Expired')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Remove the expired items to check out');
    expect(screen.queryByRole('link', { name: 'Checkout now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout now' })).toBeDisabled();
  });

  it('shows every kind of item for what it is', async () => {
    setViewport('desktop');
    const noSession = { starts_at: null, ends_at: null, booking_id: null, occurrence_id: null, booking_type: null, expires_at: null };
    const resource = (name: string, extra: Record<string, unknown> = {}) => ({
      name,
      venue_name: null,
      location: null,
      duration: null,
      starts_at: null,
      ends_at: null,
      date: null,
      new_membership: false,
      ...extra,
    });
    api({
      cart: cartWire([
        cartItemWire(1, 'Spin', { expires_at: '2030-07-01T10:15:00.000Z' }),
        cartItemWire(2, 'Junior Tennis Camp', {
          kind: 'av2_booking_bundle',
          cartable_type: 'av2BookingBundle',
          child_items: [
            { id: 21, name: 'Mon 6 Apr 2030, 09:00 - 15:00', quantity: 1, price: money(0) },
            { id: 22, name: 'Tue 7 Apr 2030, 09:00 - 15:00', quantity: 1, price: money(0) },
          ],
          extras: [{ pricing_option_id: 3, name: 'Lunch', quantity: 2, price: money(500) }],
        }),
        cartItemWire(3, 'Gold Membership', {
          ...noSession,
          kind: 'membership',
          cartable_type: 'membershipRenewal',
          venue: null,
          home_venue: { id: 2, name: 'Ripon Spa Baths', slug: 'ripon' },
          cartable_resource: resource('Gold Membership', { new_membership: true }),
        }),
        cartItemWire(4, 'Account credit', {
          ...noSession,
          kind: 'journal_transaction',
          cartable_type: 'journal',
          venue: null,
          cartable_resource: resource('Account credit'),
        }),
        cartItemWire(5, 'Late cancellation', {
          ...noSession,
          kind: 'penalty',
          cartable_type: 'penalty',
          venue: null,
          cartable_resource: resource('Late cancellation'),
        }),
        cartItemWire(6, 'Family swim', {
          kind: 'pricing_option',
          cartable_type: 'pricingOption',
          quantity: 3,
          price: { ...money(400), decimal: '4.00', raw: 400, benefit_applied: false, package_applied: false },
          line_total: money(1200),
        }),
      ]),
    });
    renderAt(<BasketPage />, { path: '/basket' });
    const camp = (await screen.findByRole('heading', { name: 'Junior Tennis Camp' })).closest('article') as HTMLElement;
    expect(within(camp).getByText('Course or camp')).toBeInTheDocument();
    expect(within(camp).getByText('Sessions')).toBeInTheDocument();
    expect(within(camp).getByText('Mon 6 Apr 2030, 09:00 - 15:00')).toBeInTheDocument();
    expect(within(camp).getByText('Tue 7 Apr 2030, 09:00 - 15:00')).toBeInTheDocument();
    expect(within(camp).getByText('2 × Lunch (£5.00)')).toBeInTheDocument();
    const membership = screen.getByRole('heading', { name: 'Gold Membership' }).closest('article') as HTMLElement;
    expect(within(membership).getByText('Membership')).toBeInTheDocument();
    expect(within(membership).getByText('New membership')).toBeInTheDocument();
    expect(within(membership).getByText('Ripon Spa Baths')).toBeInTheDocument();
    expect(within(membership).queryByText(/Held until/)).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('heading', { name: 'Account credit' }).closest('article') as HTMLElement).getByText('Account top-up'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('heading', { name: 'Late cancellation' }).closest('article') as HTMLElement).getByText('Penalty'),
    ).toBeInTheDocument();
    const tickets = screen.getByRole('heading', { name: 'Family swim' }).closest('article') as HTMLElement;
    expect(within(tickets).getByText('3 × £4.00')).toBeInTheDocument();
    expect(within(tickets).getByText('£12.00')).toBeInTheDocument();
    const spin = screen.getByRole('heading', { name: 'Spin' }).closest('article') as HTMLElement;
    expect(within(spin).getByText('Mon, 7 Jan 2030, 07:00 - 07:45')).toBeInTheDocument();
    expect(within(spin).getByText('Studio 1, Harrogate Leisure Centre')).toBeInTheDocument();
    // The hold's end in the client's timezone: 10:15 UTC on 1 July is 11:15 in London.
    expect(within(spin).getByText('Held until 11:15')).toBeInTheDocument();
  });

  it('covers an item while it is removed, then confirms', async () => {
    setViewport('desktop');
    const { calls } = api({ cart: cartWire([cartItemWire(1, 'Spin')]) });
    renderAt(<BasketPage />, { path: '/basket' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Spin' }));
    expect(screen.getByText('Removing Spin')).toBeInTheDocument();
    expect(await screen.findByText('Successfully removed item from the basket.')).toBeInTheDocument();
    expect(await screen.findByText('Your shopping basket is empty')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/checkout/cart/remove')?.body).toEqual({ cart_item_ids: [1] });
  });

  it('changes a quantity, removes an extra, a benefit and a package, and clears the basket, each with its toast', async () => {
    setViewport('desktop');
    const tickets = cartItemWire(1, 'Family swim', { kind: 'pricing_option', quantity: 2, max_quantity: 10 });
    const camp = cartItemWire(2, 'Junior Tennis Camp', {
      kind: 'av2_booking_bundle',
      extras: [{ pricing_option_id: 3, name: 'Lunch', quantity: 2, price: money(500) }],
    });
    const discounted = cartItemWire(3, 'Yoga Flow', {
      price: { ...money(0), decimal: '0.00', raw: 0, benefit_applied: true, package_applied: true },
    });
    const cart = cartWire([tickets, camp, discounted]);
    const { calls } = mockApi({
      'GET /api/client': envelope(clientWire()),
      'GET /api/auth/user': envelope(userWire),
      'GET /api/checkout/cart': envelope(cart),
      'PUT /api/checkout/cart/1': envelope(cart, 'Successfully updated item in the basket.'),
      'PUT /api/checkout/cart/2': { status: 500, body: { message: 'Something has gone wrong, please try again.', code: 'internal' } },
      'DELETE /api/activities/benefit/remove/3': envelope(cart, 'Successfully removed benefit.'),
      'DELETE /api/activities/package/remove/3': envelope(cart, 'Successfully removed package usage.'),
      'DELETE /api/checkout/cart': envelope(cartWire([]), 'Successfully cleared order.'),
    });
    renderAt(<BasketPage />, { path: '/basket' });
    await userEvent.click(await screen.findByRole('button', { name: 'One more Family swim' }));
    expect(await screen.findByText('Successfully updated item in the basket.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT' && c.url.pathname === '/api/checkout/cart/1')?.body).toEqual({ quantity: 3 });
    expect(screen.getByRole('button', { name: 'One fewer Family swim' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Lunch' }));
    expect(await screen.findByText('Failed to remove Lunch. Please try again.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT' && c.url.pathname === '/api/checkout/cart/2')?.body).toEqual({
      extras: [{ pricing_option_id: 3, quantity: 0 }],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Remove benefit' }));
    expect(await screen.findByText('Successfully removed benefit.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove package' }));
    expect(await screen.findByText('Successfully removed package usage.')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/activities/package/remove/3')?.url.searchParams.get('source')).toBe(
      'activity-booking',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Clear basket' }));
    expect(await screen.findByText('Successfully cleared order.')).toBeInTheDocument();
    expect(await screen.findByText('Your shopping basket is empty')).toBeInTheDocument();
  });

  it('reloads the timetables after emptying the basket, since its places are free again', async () => {
    setViewport('desktop');
    mockApi({
      'GET /api/client': envelope(clientWire()),
      'GET /api/auth/user': envelope(userWire),
      'GET /api/checkout/cart': envelope(cartWire([cartItemWire(1, 'Spin')])),
      'DELETE /api/checkout/cart': envelope(cartWire([]), 'Successfully cleared order.'),
    });
    const { queryClient } = renderAt(<BasketPage />, { path: '/basket' });
    uninstallRefetchRules = installRefetchRules(queryClient);
    const timetable = activityKeys.timetable('harrogate', 'spin', '2030-01-07', true);
    queryClient.setQueryData(timetable, []);
    await userEvent.click(await screen.findByRole('button', { name: 'Clear basket' }));
    expect(await screen.findByText('Successfully cleared order.')).toBeInTheDocument();
    expect(queryClient.getQueryState(timetable)?.isInvalidated).toBe(true);
  });

  it("says '{name} removed from cart' when an extra goes", async () => {
    setViewport('desktop');
    const camp = cartItemWire(2, 'Junior Tennis Camp', {
      kind: 'av2_booking_bundle',
      extras: [{ pricing_option_id: 3, name: 'Lunch', quantity: 2, price: money(500) }],
    });
    mockApi({
      'GET /api/client': envelope(clientWire()),
      'GET /api/auth/user': envelope(userWire),
      'GET /api/checkout/cart': envelope(cartWire([camp])),
      'PUT /api/checkout/cart/2': envelope(cartWire([{ ...camp, extras: [] }])),
    });
    renderAt(<BasketPage />, { path: '/basket' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Lunch' }));
    expect(await screen.findByText('Lunch removed from cart')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Lunch' })).not.toBeInTheDocument());
  });
  it("shows a member's ticket with their discount and the list price it was taken off (decision 151)", async () => {
    setViewport('desktop');
    const ticket = (extra: Record<string, unknown>) => ({
      id: 7,
      name: 'Adult',
      quantity: 1,
      customer_reference: null,
      customer_name: null,
      discount_percent: 0,
      full_price: money(550),
      price: money(550),
      ...extra,
    });
    api({
      cart: cartWire([
        cartItemWire(1, 'Public swim', {
          child_items: [
            ticket({}),
            ticket({ price: money(440), customer_reference: 'NO000012', customer_name: 'Casey Credit', discount_percent: 20 }),
          ],
        }),
      ]),
    });
    renderAt(<BasketPage />, { path: '/basket' });
    expect(await screen.findByText('For Casey Credit: 20% member discount (was £5.50)')).toBeInTheDocument();
    expect(screen.getByText(/Adult \(£4\.40\)/)).toBeInTheDocument();
  });
});

describe("a session's questions, answered in the basket (decision 186)", () => {
  const level = {
    id: 41,
    type: 'select',
    question: 'How much yoga have you done before?',
    required: true,
    options: [
      { id: 1, value: 'None, I am new to yoga' },
      { id: 2, value: 'Some classes' },
    ],
    position: 0,
    min_length: null,
    max_length: null,
    questions: [],
  };
  const sections = [{ id: 4, title: 'Before your class', description: null, position: 0, questions: [level] }];
  const yoga = (answers: unknown[] = []) =>
    cartItemWire(3, 'Yoga Flow', { custom_question_sections: sections, custom_question_answers: answers });

  it('asks a required question still unanswered, and saves the line’s answers with the cart call', async () => {
    setViewport('desktop');
    const { calls } = mockApi({
      'GET /api/client': envelope(clientWire()),
      'GET /api/auth/user': envelope(userWire),
      'GET /api/checkout/cart': envelope(cartWire([yoga()])),
      'POST /api/activities/cart/1/questions': envelope(
        cartWire([yoga([{ custom_question_id: 41, answer: 2 }])]),
        'Successfully updated item in the basket.',
      ),
    });
    renderAt(<BasketPage />, { path: '/basket' });
    const form = await screen.findByRole('region', { name: 'Questions for Yoga Flow' });
    expect(screen.getByText('Some bookings in your basket have questions to answer before you can pay.')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Save answers' }));
    expect(await within(form).findByText('Please select an option', { selector: '[slot="errorMessage"]' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/activities/cart/1/questions')).toBe(false);

    await userEvent.click(within(form).getByRole('button', { name: /How much yoga have you done before/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Some classes' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save answers' }));
    expect(await screen.findByText('Questions answered.')).toBeInTheDocument();
    const saved = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/activities/cart/1/questions');
    expect(saved?.body).toEqual({ answers: [{ cart_item_id: 3, custom_question_id: 41, answer: 2 }] });
    expect(screen.queryByText('Some bookings in your basket have questions to answer before you can pay.')).not.toBeInTheDocument();
  });
});
