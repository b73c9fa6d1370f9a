import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cartItemWire, cartWire, clientWire, userWire } from '../../../test/fixtures';
import { envelope, mockApi, renderAt, setViewport } from '../../../test/render';
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

  it('marks an expired line as expired', async () => {
    setViewport('desktop');
    api({ cart: cartWire([cartItemWire(1, 'Spin', { expired: true })]) });
    renderAt(<BasketPage />, { path: '/basket' });
    expect(await screen.findByText('Expired')).toBeInTheDocument();
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
});
