import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
const at = (path: string) => renderAt(<StaffRoutes />, { path: '/staff/*', at: path });
const record = {
  customer: {
    id: 11,
    reference: 'NF-1',
    first_name: 'Alex',
    last_name: 'Morgan',
    email: 'demo@example.com',
    phone: null,
    date_of_birth: null,
    barcode: null,
  },
  credit: { balance: 0, ledger: [] },
  penalties: [],
  has_outstanding_penalties: false,
  linked_users: [],
  waivers: [],
  memberships: [],
  packages: [],
  past_bookings: [],
  strikes: [],
};
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const booking = {
  id: 31,
  occurrence_id: 'occ-9',
  name: 'Spin',
  venue: 'Harrogate',
  starts_at: inHours(3),
  ends_at: inHours(4),
  price: 650,
  source: 'online',
  cancellation: {
    can_cancel: true,
    cannot_cancel_reason: null,
    inside: true,
    fee: 200,
    fee_owed: 0,
    amount_back: 450,
    outcome: 'refund',
    penalty: { type: 'fee', amount: 300 },
    message: 'Cancelling now costs £2.00',
    waived: { amount_back: 650 },
  },
};

describe('cancelling for a customer at the desk', () => {
  it('shows what the policy does before confirming, and waives the charge only with a reason', async () => {
    const { calls } = mockApi({
      'GET /api/staff/me': envelope(me),
      'GET /api/staff/customers/11': envelope(record),
      'GET /api/staff/customers/11/bookings': envelope([booking]),
      'POST /api/staff/customers/11/bookings/31/cancel': envelope(
        { booking_id: 31, card_refund: 650, credit: 0, off_system: 0, fee: 0, waived: true },
        'Booking cancelled.',
      ),
    });
    at('/staff/customers/11');
    await userEvent.click(await screen.findByRole('button', { name: /^Cancel booking: Spin on / }));
    expect(screen.getByRole('heading', { name: /^Cancel Spin, / })).toHaveFocus();
    expect(screen.getByText('Cancelling now costs £2.00')).toBeInTheDocument();
    expect(screen.getByText('£4.50 goes back (refunded to how it was paid).')).toBeInTheDocument();
    expect(screen.getByText('A late-cancellation fee of £2.00 is kept.')).toBeInTheDocument();
    expect(screen.getByText('A late-cancellation penalty of £3.00 is charged to the customer.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Waive the late-cancellation charge' }));
    expect(screen.getByText('Waived: £6.50 goes back and no penalty is charged.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Reason for waiving'), 'Hospital appointment');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ waive_charge: true, reason: 'Hospital appointment' });
    expect(await screen.findByText('Spin cancelled.')).toBeInTheDocument();
  });
});

describe('walk-ins on a register', () => {
  it('finds a customer and adds them as a walk-in with a big target', async () => {
    const session = {
      id: 'occ-2',
      name: 'Lunch spin',
      booking_type: 'classes',
      starts_at: inHours(-0.1),
      ends_at: inHours(0.5),
      status: 'bookable',
      capacity: { maximum: 10, consumed: 9 },
      booked: 0,
      attended: 0,
      absent: 0,
    };
    const view = { session, attendees: [], started: true };
    const { calls } = mockApi({
      'GET /api/staff/me': envelope(me),
      'GET /api/staff/registers/occ-2': envelope(view),
      'GET /api/staff/customers': envelope([
        {
          id: 11,
          reference: 'NF-1',
          first_name: 'Alex',
          last_name: 'Morgan',
          email: 'demo@example.com',
          phone: null,
          barcode: null,
          date_of_birth: null,
        },
      ]),
      'POST /api/staff/registers/occ-2/walk-ins': envelope(view, 'Walk-in added.'),
    });
    at('/staff/registers/occ-2');
    expect(await screen.findByText('1 place left.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Find the customer'), 'morg');
    const add = await screen.findByRole('button', { name: 'Add Alex Morgan' });
    expect(add.className).toMatch(/min-h-14/);
    await userEvent.click(add);
    expect(await screen.findByText('Alex Morgan added as a walk-in.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ user_id: 11 });
  });
});
