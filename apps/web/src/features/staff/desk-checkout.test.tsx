import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { deskMode } from '../../lib/desk-mode';
import { cartItemWire, cartWire, money, userWire } from '../../test/fixtures';
import { envelope, mockApi, renderAt } from '../../test/render';
import { StaffRoutes } from './routes';

const me = {
  id: 7,
  first_name: 'Jamie',
  last_name: 'Reception',
  email: 'staff@example.com',
  roles: ['front_desk'],
  client: { id: 1, identifier: 'northfield', name: 'Northfield Leisure' },
  desk_idle_minutes: 15,
};
const till = {
  id: 3,
  name: 'Front desk',
  venue_id: 1,
  open: { float: 5000, opened_at: '2026-11-27T08:00:00Z', opened_by: 'Jamie Reception' },
};

afterEach(() => deskMode.leave());

describe('the desk checkout (decision 261)', () => {
  it('splits the payment into part cash, part card on the terminal, adding up to the total', async () => {
    const { calls } = mockApi({
      'GET /api/staff/me': envelope(me),
      // The console's session answers the app's user call too (the receptionist).
      'GET /api/auth/user': envelope({ ...userWire, id: 7 }),
      'GET /api/activities/venues': envelope([{ id: 1, slug: 'harrogate', name: 'Harrogate Leisure Centre' }]),
      'GET /api/staff/tills': envelope([till]),
      'GET /api/checkout/cart': envelope(cartWire([cartItemWire(1, 'Adult improvers swimming', { line_total: money(4800) })])),
      'POST /api/foh/checkout/pay': envelope({ order_id: 99, complete_order_id: 99 }, 'Order completed Successfully.'),
    });
    renderAt(<StaffRoutes />, { path: '/staff/*', at: '/staff/customers/11/checkout?for=11' });

    const take = await screen.findByRole('button', { name: 'Take £48.00' });
    await userEvent.click(screen.getByRole('button', { name: 'Split the payment' }));
    const first = screen.getByLabelText('Amount of payment 1 (£)');
    expect(first).toHaveValue('48.00');
    await userEvent.clear(first);
    await userEvent.type(first, '20');
    expect(screen.getByText('Left to pay: £28.00')).toBeInTheDocument();
    expect(take).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Amount of payment 2 (£)'), '30');
    expect(screen.getByText('The payments come to £2.00 more than the total.')).toBeInTheDocument();
    expect(take).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Amount of payment 2 (£)'));
    await userEvent.type(screen.getByLabelText('Amount of payment 2 (£)'), '28');
    expect(screen.getByText('Left to pay: £0.00')).toBeInTheDocument();
    // The change is worked out on the cash part only.
    await userEvent.type(screen.getByLabelText('Cash handed over (£)'), '25');
    expect(screen.getByText('Change due: £5.00')).toBeInTheDocument();
    await userEvent.click(take);

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      selected_user_id: 11,
      payments: [
        { tender_type: 'cash', amount: 2000 },
        { tender_type: 'card', amount: 2800 },
      ],
      till_id: '3',
    });
  });
});
