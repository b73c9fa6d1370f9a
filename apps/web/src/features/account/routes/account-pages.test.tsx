import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppToaster } from '../../../app/providers';
import { PageMetaProvider } from '../../../components/page-meta';
import { i18n } from '../../../lib/i18n';
import { clientWire, money, userWire } from '../../../test/fixtures';
import { createTestQueryClient, envelope, mockApi, setViewport } from '../../../test/render';
import { AccountLayout } from '../components/account-layout';
import { BookingsListPage, BookingsPage } from './bookings-page';
import { DashboardPage } from './dashboard-page';
import { DetailsPage } from './details-page';
import { GuestPassesPage, MembershipsPage } from './holdings-pages';
import { LinkedUsersPage } from './linked-users-page';
import { PaymentsPage } from './payments-page';

/** A row of GET /api/my-account/payments: a paid £6.50 order of one item. */
const paymentWire = (id: number) => ({
  id,
  cart_source: 'activity-booking',
  status: 'success',
  source: 'online',
  total: money(650),
  count: 1,
  balance: money(0),
  refund_status: null,
  created_at: '2026-11-01T10:00:00.000Z',
});

const meta = {
  previous_page: null,
  current_page: 1,
  next_page: null,
  records_per_page: 20,
  records_on_current_page: 1,
  first_record_on_page: 1,
  last_record_on_page: 1,
  total_records: 1,
  total_pages: 1,
};
const list = (items: unknown[]) => ({
  body: { data: items, meta: { ...meta, records_on_current_page: items.length, total_records: items.length } },
});

const details = {
  id: 1,
  first_name: 'Alex',
  last_name: 'Morgan',
  reference: 'NO000001',
  title: null,
  email: 'demo@example.com',
  gender: null,
  ethnicity: null,
  disability: null,
  profile_picture_url: null,
  phone: '01234 567890',
  address: { line1: '1 Station Parade', line2: null, town: 'Harrogate', postcode: 'HG1 1TE' },
  marketing_email: true,
  marketing_sms: false,
  marketing_phone: false,
  marketing_post: false,
  email_verified_at: null,
  date_of_birth: '1990-04-23',
  created_at: '2026-01-01T00:00:00.000Z',
};

const booking = (id: number, day: string) => ({
  id,
  user_id: 1,
  occurrence_id: `occ-${id}`,
  order_id: 7,
  name: 'Spin',
  status: 'settled',
  starts_at: {
    utc: `${day}T07:00:00.000Z`,
    local: `${day}T07:00:00+00:00`,
    timezone: 'Europe/London',
    text: `${day} 07:00:00`,
    format_24_hour: '07:00',
  },
  ends_at: {
    utc: `${day}T07:45:00.000Z`,
    local: `${day}T07:45:00+00:00`,
    timezone: 'Europe/London',
    text: `${day} 07:45:00`,
    format_24_hour: '07:45',
  },
  venue: { slug: 'harrogate', name: 'Harrogate Leisure Centre', address: '1 Station Parade, Harrogate, HG1 1AA' },
  location_name: 'Studio 1',
  price: money(650),
  can_cancel: true,
  created_at: '2026-11-01T10:00:00.000Z',
});

function renderAccount(at: string, routes: Parameters<typeof mockApi>[0] = {}, client = clientWire()) {
  const api = mockApi({
    'GET /api/client': envelope(client),
    'GET /api/auth/user': envelope(userWire),
    'GET /api/my-account/linked-users': envelope([]),
    'GET /api/checkout/saved-cards': envelope([]),
    'GET /api/my-account/bookings': (url) =>
      list(url.searchParams.get('when') === 'past' ? [booking(2, '2026-10-01')] : [booking(1, '2026-12-01')]),
    ...routes,
  });
  const router = createMemoryRouter(
    [
      {
        path: '/account',
        element: <AccountLayout />,
        children: [
          { index: true, element: <DashboardPage /> },
          { path: 'user-details', element: <DetailsPage /> },
          { path: 'memberships', element: <MembershipsPage /> },
          { path: 'bookings', element: <BookingsPage /> },
          { path: 'bookings/upcoming', element: <BookingsListPage when="upcoming" /> },
          { path: 'guest-passes', element: <GuestPassesPage /> },
          { path: 'payments', element: <PaymentsPage /> },
          { path: 'linked-users', element: <LinkedUsersPage /> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <I18nextProvider i18n={i18n}>
        <PageMetaProvider>
          <RouterProvider router={router} />
          <AppToaster />
        </PageMetaProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...api, router };
}

describe('my account', () => {
  it('shows the account navigation, without Guest passes unless the client offers them', async () => {
    renderAccount('/account');
    const nav = await screen.findByRole('navigation', { name: 'My account' });
    const names = within(nav)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(names).toEqual(['Dashboard', 'My details', 'Memberships', 'Packages', 'Bookings', 'Payments', 'Linked users']);
    expect(await screen.findByText('Welcome, Alex')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Spin' })).toBeInTheDocument();
  });

  it('shows Guest passes only when online guest passes are enabled', async () => {
    renderAccount(
      '/account/guest-passes',
      { 'GET /api/my-account/guest-passes': list([]) },
      clientWire({}, { online_guest_passes_enabled: true }),
    );
    expect(await screen.findByRole('heading', { name: 'Guest passes', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('You have no guest passes.')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'My account' })).getByRole('link', { name: 'Guest passes' })).toBeInTheDocument();
  });

  it('answers the not-found page for guest passes when they are off', async () => {
    renderAccount('/account/guest-passes');
    expect(await screen.findByRole('heading', { name: "Whoops! Looks like you've gone offside." })).toBeInTheDocument();
  });

  it('says so when there is nothing yet', async () => {
    renderAccount('/account/memberships', { 'GET /api/my-account/memberships': list([]) });
    expect(await screen.findByText('You have no memberships.')).toBeInTheDocument();
  });

  it('lists upcoming and past bookings on a wide screen, and opens /bookings/upcoming on a phone', async () => {
    setViewport('desktop');
    renderAccount('/account/bookings');
    expect(await screen.findByRole('heading', { name: 'Upcoming' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Past' })).toBeInTheDocument();
    expect(await screen.findByText('Tue, 1 Dec 2026, 07:00')).toBeInTheDocument();
    expect(await screen.findByText('Thu, 1 Oct 2026, 07:00')).toBeInTheDocument();
    // An upcoming booking's Add to calendar: Google and Outlook get the venue's address, as the .ics does.
    const where = 'Studio 1, Harrogate Leisure Centre, 1 Station Parade, Harrogate, HG1 1AA';
    const google = screen.getByRole('link', { name: /^Google/ });
    const outlook = screen.getByRole('link', { name: /^Outlook/ });
    expect(new URL(google.getAttribute('href') as string).searchParams.get('location')).toBe(where);
    expect(new URL(outlook.getAttribute('href') as string).searchParams.get('location')).toBe(where);
  });

  it('opens the upcoming list on a phone', async () => {
    setViewport('mobile');
    const { router } = renderAccount('/account/bookings');
    expect(await screen.findByRole('heading', { name: 'Bookings: Upcoming', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/bookings/upcoming');
  });

  it('shows the waitlists and the place in each queue on the upcoming list, the only bookings page a phone opens', async () => {
    setViewport('mobile');
    const waitlist = (id: number, position: number | null, offer: { token: string; expires_at: string } | null) => ({
      ...booking(id, '2026-12-02'),
      id,
      name: id === 5 ? 'Spin' : 'Yoga Flow',
      status: offer ? 'offered' : 'waiting',
      position,
      offer,
    });
    renderAccount('/account/bookings', {
      'GET /api/my-account/waitlists': envelope([
        waitlist(5, 3, null),
        waitlist(6, null, { token: 'tok-1', expires_at: '2026-12-01T12:00:00.000Z' }),
      ]),
    });
    const section = await screen.findByRole('region', { name: 'Waitlists' });
    expect(within(section).getByRole('heading', { name: 'Spin', level: 3 })).toBeInTheDocument();
    expect(within(section).getByText('3rd in the queue')).toBeInTheDocument();
    expect(
      within(section).getByRole('button', { name: 'Book the place held for you: Yoga Flow, Wed, 2 Dec 2026, 07:00' }),
    ).toBeInTheDocument();
  });

  it('lists payments with their status and refund status', async () => {
    renderAccount('/account/payments', {
      'GET /api/my-account/payments': list([
        paymentWire(7),
        { ...paymentWire(8), total: money(1300), count: 2, refund_status: 'partial', created_at: '2026-11-02T10:00:00.000Z' },
      ]),
    });
    const rows = await screen.findAllByRole('row');
    // Each cell is its column's name (shown on a phone only, where the table reads as cards) and then its value.
    expect(
      rows.map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => [...c.children].map((part) => part.textContent)),
      ),
    ).toEqual([
      [],
      [
        ['Order:', '7'],
        ['Date:', 'Sun, 1 Nov 2026'],
        ['Items:', '1'],
        ['Total:', '£6.50'],
        ['Status:', 'Paid'],
        ['Refund:', 'None'],
      ],
      [
        ['Order:', '8'],
        ['Date:', 'Mon, 2 Nov 2026'],
        ['Items:', '2'],
        ['Total:', '£13.00'],
        ['Status:', 'Paid'],
        ['Refund:', 'Partly refunded'],
      ],
    ]);
  });

  it('pages through payments when there are more than one page of them', async () => {
    const { calls } = renderAccount('/account/payments', {
      'GET /api/my-account/payments': (url) => {
        const page = Number(url.searchParams.get('page'));
        return {
          body: {
            data: [paymentWire(page === 2 ? 21 : 1)],
            meta: { ...meta, current_page: page, total_records: 21, total_pages: 2, next_page: page === 2 ? null : 2 },
          },
        };
      },
    });
    expect(await screen.findByRole('link', { name: 'View order 1' })).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await userEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'View order 21' })).toBeInTheDocument();
    expect(within(pager).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next page' })).toBeDisabled();
    const pages = calls.filter((c) => c.url.pathname === '/api/my-account/payments').map((c) => c.url.searchParams.get('page'));
    expect(pages).toEqual(['1', '2']);
  });

  it('lists my saved cards under Payments and removes one, which then leaves the list', async () => {
    let cards = [
      { id: 3, brand: 'Visa', last4: '4242', expiry: '12/29' },
      { id: 4, brand: 'Mastercard', last4: '4444', expiry: '01/30' },
    ];
    const { calls } = renderAccount('/account/payments', {
      'GET /api/my-account/payments': list([]),
      'GET /api/checkout/saved-cards': () => envelope(cards),
      'DELETE /api/checkout/saved-cards/3': () => {
        cards = cards.filter((c) => c.id !== 3);
        return { status: 204 };
      },
    });
    const section = await screen.findByRole('region', { name: 'Saved cards' });
    expect(await within(section).findByText('Visa ending 4242')).toBeInTheDocument();
    expect(within(section).getByText('Expires 12/29')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Remove Visa ending 4242' }));
    expect(await screen.findByText('Card removed.')).toBeInTheDocument();
    await vi.waitFor(() => expect(within(section).queryByText('Visa ending 4242')).toBeNull());
    expect(within(section).getByText('Mastercard ending 4444')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual(['/api/checkout/saved-cards/3']);
  });

  it('edits my details, checking them as the API does and sending null for what is cleared', async () => {
    const { calls } = renderAccount('/account/user-details', {
      'GET /api/my-account/details': envelope(details),
      'PUT /api/my-account/details': envelope(details, 'Your details have been updated.'),
    });
    expect(await screen.findByText('1 Station Parade, Harrogate, HG1 1TE')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    const phone = screen.getByLabelText('Phone number');
    await userEvent.clear(phone);
    await userEvent.type(phone, 'not a phone');
    await userEvent.clear(screen.getByLabelText(/^First name/));
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    // The GOV.UK error summary (issue 13, defect 7): focused, each error a link to its field, in words of what to do.
    const summary = await screen.findByRole('region', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Enter your first name', 'Must be a valid phone number']);
    expect(screen.queryByText('Must contain at least 1 character(s)')).not.toBeInTheDocument();
    await userEvent.click(within(summary).getByRole('link', { name: 'Enter your first name' }));
    expect(screen.getByLabelText(/^First name/)).toHaveFocus();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/^First name/), 'Alexandra');
    await userEvent.clear(phone);
    await userEvent.clear(screen.getByLabelText('Address line 1'));
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your details have been updated.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      first_name: 'Alexandra',
      phone: null,
      address: { line1: null, line2: null, town: 'Harrogate', postcode: 'HG1 1TE' },
      marketing_email: true,
    });
  });

  it('lists linked users with relationship and status, and lets the customer show a linked account', async () => {
    const { calls } = renderAccount('/account/payments', {
      'GET /api/my-account/linked-users': envelope([
        {
          id: 3,
          status: 'successful',
          referenced_user: { id: 42, name: 'Sam Morgan' },
          relationship: 'parent',
          created_at: '2026-10-01T00:00:00.000Z',
          confirmed_at: '2026-10-02T00:00:00.000Z',
          direction: 'owner',
        },
        {
          id: 4,
          status: 'pending',
          referenced_user: { id: 43, name: 'Jo Morgan' },
          relationship: 'partner',
          created_at: '2026-10-03T00:00:00.000Z',
          confirmed_at: null,
          direction: 'owner',
        },
      ]),
      'GET /api/my-account/payments': list([]),
    });
    expect(await screen.findByText('You have made no payments.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /Showing the account of/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Me (Alex Morgan)', 'Sam Morgan']);
    await userEvent.click(screen.getByRole('option', { name: 'Sam Morgan' }));
    await screen.findByText('You have made no payments.');
    expect(calls.some((c) => c.url.pathname === '/api/my-account/payments' && c.url.searchParams.get('selected_user_id') === '42')).toBe(
      true,
    );
  });
});

describe('penalties in my account (decision 167)', () => {
  it('shows what is owed only while something is, and Pay now puts it in the basket', async () => {
    const { calls, router } = renderAccount('/account', {
      'GET /api/auth/user': envelope({ ...userWire, has_outstanding_penalties: true }),
      'GET /api/my-account/penalties': envelope([
        {
          id: 9,
          reason: 'No-show',
          amount: 500,
          status: 'outstanding',
          booking: { id: 3, name: 'Early spin', starts_at: '2026-11-24T07:00:00Z' },
          created_at: '2026-11-24T08:00:00Z',
        },
        { id: 8, reason: 'No-show', amount: 500, status: 'paid', booking: null, created_at: '2026-10-01T08:00:00Z' },
      ]),
      'POST /api/checkout/cart/add': envelope({ id: 1, items: [] }),
    });
    const owed = await screen.findByRole('region', { name: 'Penalties to pay' });
    expect(within(owed).getByText(/No-show for Early spin on Tue, 24 Nov 2026/)).toBeInTheDocument();
    expect(within(owed).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(within(owed).getByRole('button', { name: 'Pay now £5.00: No-show for Early spin on Tue, 24 Nov 2026' }));
    // The penalty goes in the basket, then the customer is taken to pay (a page this test's router does not have).
    await waitFor(() => expect(router.state.location.pathname).toBe('/basket/checkout'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ items: [{ id: 9, type: 'penalty' }] });
  });

  it('reads no penalties for a customer who owes nothing', async () => {
    const { calls } = renderAccount('/account');
    expect(await screen.findByText('Welcome, Alex')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Penalties to pay' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.includes('penalties'))).toBe(false);
  });
});
