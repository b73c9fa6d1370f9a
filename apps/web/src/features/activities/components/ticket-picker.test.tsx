import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { money, userWire } from '../../../test/fixtures';
import { envelope, mockApi, renderAt } from '../../../test/render';
import type { RowView } from '../rows';
import { TicketPicker } from './ticket-picker';

afterEach(() => vi.unstubAllGlobals());

const tickets = '/api/activities/venue/harrogate/activity-category/swimming/activity/public-swim/tickets';
const priceCall = '/api/activities/price/harrogate/ticket/occ_swim_1';
const session = { id: 'occ_swim_1', name: 'Public swim', day: 'Tuesday', timeRange: '10:00 - 11:00' } as RowView;
const types = {
  7: { id: 7, name: 'Adult', reference: null, attendees: 1, price: money(550) },
  8: { id: 8, name: 'Junior', reference: null, attendees: 1, price: money(300) },
};
const priced = {
  customer_id: 12,
  customer_reference: 'NO000012',
  first_name: 'Casey',
  last_name: 'Credit',
  occurrence_id: 'occ_swim_1',
  discount_percent: 20,
  tickets: [
    { id: 7, name: 'Adult', attendees: 1, price: money(550), discounted_price: money(440), discount_applied: true },
    { id: 8, name: 'Junior', attendees: 1, price: money(300), discounted_price: money(240), discount_applied: true },
  ],
};

function renderPicker(onConfirm = vi.fn()) {
  renderAt(
    <TicketPicker
      session={session}
      venue="harrogate"
      category="swimming"
      activity="public-swim"
      isAdding={false}
      onClose={() => {}}
      onConfirm={onConfirm}
    />,
  );
  return onConfirm;
}

describe('member prices in the ticket picker (doc 1: ticket discount keyed by customerId)', () => {
  it("adds a member's ticket at their discount, shows it, and sends the ticket with their reference", async () => {
    const { calls } = mockApi({
      'GET /api/auth/user': envelope(userWire),
      [`GET ${tickets}`]: envelope(types),
      [`POST ${priceCall}`]: envelope(priced),
    });
    const onConfirm = renderPicker();
    const [moreAdults] = await screen.findAllByRole('button', { name: /^Increase/ });
    await userEvent.click(moreAdults as HTMLElement);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Customer reference' }), 'no000012');
    await userEvent.click(screen.getByRole('button', { name: 'Add member ticket' }));
    expect(await screen.findByText('Ticket for Casey Credit (20% member discount)')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Adult (£4.40, was £5.50)' })).toBeChecked();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reference: 'no000012', is_v_2: true, occurrence_id: 'occ_swim_1' });
    // One adult at £5.50 and Casey's adult at £4.40.
    expect(screen.getByText('Total: £9.90')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Junior (£2.40, was £3.00)' }));
    expect(screen.getByText('Total: £7.90')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to basket' }));
    expect(onConfirm).toHaveBeenCalledWith(session, [
      { id: 7, quantity: 1 },
      { id: 8, quantity: 1, customerReference: 'NO000012' },
    ]);
  });

  it("shows the server's message when the reference cannot be priced (HTTP 400)", async () => {
    mockApi({
      'GET /api/auth/user': envelope(userWire),
      [`GET ${tickets}`]: envelope(types),
      [`POST ${priceCall}`]: { status: 400, body: { message: 'No customer was found with this reference.', code: 'discount_not_applied' } },
    });
    renderPicker();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Customer reference' }), 'NOPE');
    await userEvent.click(screen.getByRole('button', { name: 'Add member ticket' }));
    expect(await screen.findByText('No customer was found with this reference.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Ticket for/)).not.toBeInTheDocument());
  });
});
