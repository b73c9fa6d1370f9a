import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientWire, money, userWire } from '../../../test/fixtures';
import { envelope, mockApi, renderAt, setViewport } from '../../../test/render';
import { BookingConfirmedPage } from './booking-confirmed-page';

const order = {
  id: 42,
  cart_source: 'activity-booking',
  status: 'success',
  source: 'online',
  total: money(3000),
  count: 1,
  balance: money(0),
  refund_status: null,
  line_items: [
    { id: 1, name: 'Gold Membership', kind: 'membership', quantity: 1, unit_price: money(3000), line_total: money(3000), booking: null },
  ],
  payments: [
    { tender_type: 'general-credit', amount: money(1000) },
    { tender_type: 'card', amount: money(2000) },
  ],
  created_at: '2030-01-01T10:00:00.000Z',
};

function api(answer: unknown = order) {
  return mockApi({
    'GET /api/client': envelope(clientWire()),
    'GET /api/auth/user': envelope(userWire),
    'GET /api/orders/42': envelope(answer),
  });
}

describe('the confirmation pages', () => {
  it('/order-confirmed shows the online-joining words, the lines and every tender', async () => {
    setViewport('desktop');
    api();
    renderAt(<BookingConfirmedPage variant="order" />, { path: '/order-confirmed/:completeOrderId', at: '/order-confirmed/42' });
    expect(await screen.findByRole('heading', { name: 'Order confirmed', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Thank you. Your order is complete.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Gold Membership' })).toBeInTheDocument();
    expect(screen.getByText(/Paid by general credit/)).toBeInTheDocument();
    expect(screen.getByText('£10.00')).toBeInTheDocument();
    expect(screen.getByText(/Paid by card/)).toBeInTheDocument();
  });

  it('/booking-confirmed says the booking is confirmed, and which lines were credited instead', async () => {
    setViewport('desktop');
    api({
      ...order,
      line_items: [
        { ...order.line_items[0], name: 'Spin', kind: 'av2_booking', status: 'fulfilled' },
        { ...order.line_items[0], id: 2, name: 'Yoga Flow', kind: 'av2_booking', status: 'credited' },
      ],
    });
    renderAt(<BookingConfirmedPage />, { path: '/booking-confirmed/:completeOrderId', at: '/booking-confirmed/42' });
    expect(await screen.findByRole('heading', { name: 'Booking confirmed', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Order number 42')).toBeInTheDocument();
    const credited = 'The place was no longer free: the price has been added to your account credit.';
    expect(screen.getByRole('heading', { name: 'Yoga Flow' }).closest('li')).toHaveTextContent(credited);
    expect(screen.getByRole('heading', { name: 'Spin' }).closest('li')).not.toHaveTextContent(credited);
  });

  it('says what to do on arriving, from the venue of the sessions booked (decision 170)', async () => {
    setViewport('desktop');
    const zoned = (hhmm: string) => ({
      utc: `2030-01-07T${hhmm}:00.000Z`,
      local: `2030-01-07T${hhmm}:00+00:00`,
      timezone: 'Europe/London',
      text: `2030-01-07 ${hhmm}:00`,
      format_24_hour: hhmm,
    });
    const booking = (id: number) => ({
      id,
      status: 'settled',
      starts_at: zoned('07:00'),
      ends_at: zoned('07:45'),
      venue_name: 'Harrogate Leisure Centre',
      venue_address: '1 Station Parade, Harrogate, HG1 1AA',
      location_name: 'Studio 1',
      arrival_info: 'Please arrive 10 minutes early and check in at reception.',
    });
    const line = (id: number) => ({
      id,
      name: 'Spin',
      kind: 'av2_booking',
      quantity: 1,
      unit_price: money(650),
      line_total: money(650),
      booking: booking(id),
    });
    api({ ...order, line_items: [line(1), line(2)], payments: [{ tender_type: 'card', amount: money(1300) }] });
    renderAt(<BookingConfirmedPage />, { path: '/booking-confirmed/:completeOrderId', at: '/booking-confirmed/42' });
    const arrival = await screen.findByRole('region', { name: 'When you arrive' });
    // Once per venue, however many sessions are there.
    expect(arrival).toHaveTextContent('Please arrive 10 minutes early and check in at reception.');
    expect(screen.getAllByText('Please arrive 10 minutes early and check in at reception.')).toHaveLength(1);
    // Add to calendar: Google and Outlook are told the space, the venue and its address, as the .ics is.
    const where = 'Studio 1, Harrogate Leisure Centre, 1 Station Parade, Harrogate, HG1 1AA';
    const [google] = screen.getAllByRole('link', { name: /^Google/ });
    const [outlook] = screen.getAllByRole('link', { name: /^Outlook/ });
    expect(new URL(google!.getAttribute('href') as string).searchParams.get('location')).toBe(where);
    expect(new URL(outlook!.getAttribute('href') as string).searchParams.get('location')).toBe(where);
  });
});
