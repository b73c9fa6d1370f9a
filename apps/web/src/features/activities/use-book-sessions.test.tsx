import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from '../../components/button';
import { cartItemWire, cartWire, userWire } from '../../test/fixtures';
import { envelope, mockApi, renderAt } from '../../test/render';
import { LoginModal, loginModal } from '../auth';
import { AddedPanel } from '../basket';
import { useBookSessions } from './use-book-sessions';

function Timetable() {
  const booking = useBookSessions();
  return (
    <>
      <Button onPress={() => booking.book([{ id: 'oc_spin', type: 'purchasableOccurrence' }])}>Book Spin</Button>
      <AddedPanel isOpen={booking.added} onOpenChange={booking.setAdded} text="Added" />
      <LoginModal />
    </>
  );
}

/** A visitor until the login call succeeds, then the demo user. */
function shopApi() {
  let loggedIn = false;
  return mockApi({
    'GET /api/auth/user': () => (loggedIn ? envelope(userWire) : { status: 401, body: { message: 'Please log in to continue.' } }),
    'POST /api/auth/customer/login': () => {
      loggedIn = true;
      return envelope({ user: userWire });
    },
    'GET /api/checkout/cart': envelope(cartWire([])),
    'POST /api/checkout/cart/add': envelope(cartWire([cartItemWire(1, 'Spin')])),
  });
}

describe('Book as a visitor (issue 13, defect 2)', () => {
  it('asks them to log in, then adds what they chose and shows the added panel, with no second Book', async () => {
    const { calls } = shopApi();
    renderAt(<Timetable />);
    await userEvent.click(await screen.findByRole('button', { name: 'Book Spin' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/^Email address/), 'demo@example.com');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'demo-pass-2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Items added to basket' }, { timeout: 5000 })).toBeInTheDocument();
    const adds = calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/checkout/cart/add');
    expect(adds).toHaveLength(1);
    expect(adds[0]?.body).toMatchObject({ items: [{ id: 'oc_spin', type: 'purchasableOccurrence' }] });
  });

  it('forgets the action when the visitor closes the login without logging in', async () => {
    const { calls } = shopApi();
    renderAt(<Timetable />);
    await userEvent.click(await screen.findByRole('button', { name: 'Book Spin' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(loginModal.take('book-sessions', window.location.pathname)).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/checkout/cart/add')).toBe(false);
  });
});
