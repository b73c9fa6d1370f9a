import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cartItemWire, cartWire, clientWire, userWire } from '../../../test/fixtures';
import { envelope, mockApi, renderAt, setViewport } from '../../../test/render';
import { BasketPage } from './basket-page';

// Issue 13, defect 13 (decision 168): one basket of the account holder, each line for a person, a session movable.
const sam = {
  id: 3,
  status: 'successful',
  referenced_user: { id: 42, name: 'Sam Morgan' },
  relationship: 'parent',
  created_at: '2026-10-01T00:00:00.000Z',
  confirmed_at: '2026-10-02T00:00:00.000Z',
  direction: 'owner',
};

const mine = cartItemWire(1, 'Spin');
const samsSwim = cartItemWire(2, 'Swim', { purchased_for_user_id: 42 });
const membership = cartItemWire(3, 'Off-peak monthly', {
  kind: 'membership',
  cartable_type: 'membership',
  starts_at: null,
  ends_at: null,
  expires_at: null,
  occurrence_id: null,
});

const moved = cartWire([cartItemWire(1, 'Spin', { purchased_for_user_id: 42 }), samsSwim, membership]);

function api(moveAnswer: { status?: number; body?: unknown } = envelope(moved, 'Successfully updated item in the basket.')) {
  return mockApi({
    'GET /api/client': envelope(clientWire()),
    'GET /api/auth/user': envelope(userWire),
    'GET /api/my-account/linked-users': envelope([sam]),
    'GET /api/checkout/cart': envelope(cartWire([mine, samsSwim, membership])),
    'PUT /api/checkout/cart/1': moveAnswer,
  });
}

describe('the basket of someone who books for others', () => {
  it("says whose basket it is and shows the customer's own lines beside the linked user's, each saying who it is for", async () => {
    setViewport('desktop');
    api();
    renderAt(<BasketPage />, { path: '/basket' });
    expect(await screen.findByText('Your basket, Alex Morgan: each item says who it is for.')).toBeInTheDocument();
    const spin = screen.getByRole('heading', { name: 'Spin' }).closest('article') as HTMLElement;
    const swim = screen.getByRole('heading', { name: 'Swim' }).closest('article') as HTMLElement;
    const plan = screen.getByRole('heading', { name: 'Off-peak monthly' }).closest('article') as HTMLElement;
    expect(within(spin).getByRole('button', { name: /Who is Spin for\?/ })).toHaveTextContent('Alex Morgan');
    expect(within(swim).getByRole('button', { name: /Who is Swim for\?/ })).toHaveTextContent('Sam Morgan');
    // A membership belongs to one person's account: it says whose, with no choice to move it.
    expect(within(plan).getByText('For Alex Morgan')).toBeInTheDocument();
    expect(within(plan).queryByRole('button', { name: /Who is/ })).not.toBeInTheDocument();
  });

  it('moves a session to the linked user with PUT purchased_for_user_id and shows the answer', async () => {
    setViewport('desktop');
    const { calls } = api();
    renderAt(<BasketPage />, { path: '/basket' });
    const spin = (await screen.findByRole('heading', { name: 'Spin' })).closest('article') as HTMLElement;
    await userEvent.click(within(spin).getByRole('button', { name: /Who is Spin for\?/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sam Morgan' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ purchased_for_user_id: 42 });
    expect(await screen.findByText('Successfully updated item in the basket.')).toBeInTheDocument();
    await waitFor(() => expect(within(spin).getByRole('button', { name: /Who is Spin for\?/ })).toHaveTextContent('Sam Morgan'));
  });

  it("shows the server's reason when a line cannot move, and the line stays as it was", async () => {
    setViewport('desktop');
    api({ status: 409, body: { code: 'already_in_basket', message: 'This session is already in your basket.' } });
    renderAt(<BasketPage />, { path: '/basket' });
    const spin = (await screen.findByRole('heading', { name: 'Spin' })).closest('article') as HTMLElement;
    await userEvent.click(within(spin).getByRole('button', { name: /Who is Spin for\?/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sam Morgan' }));
    expect(await screen.findByText('This session is already in your basket.')).toBeInTheDocument();
    expect(within(spin).getByRole('button', { name: /Who is Spin for\?/ })).toHaveTextContent('Alex Morgan');
  });
});
