import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
const unauthenticated = { status: 401, body: { message: 'Please log in to continue.', code: 'unauthenticated' } };
const at = (path: string) => renderAt(<StaffRoutes />, { path: '/staff/*', at: path });

describe('the staff console frame', () => {
  it('shows a visitor the sign-in and no staff page, then the console once a staff member signs in', async () => {
    let signedIn = false;
    const { calls } = mockApi({
      'GET /api/staff/me': () => (signedIn ? envelope(me) : unauthenticated),
      'POST /api/auth/customer/login': () => {
        signedIn = true;
        return envelope({ user: {} });
      },
    });
    at('/staff');
    expect(await screen.findByRole('heading', { name: 'Staff sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Find a customer' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'staff@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'staff-pass-2026{Enter}');
    expect(await screen.findByRole('heading', { name: 'Find a customer' })).toBeInTheDocument();
    expect(screen.getByText('Northfield Leisure · Staff console')).toBeInTheDocument();
    expect(screen.getByText('Signed in as Jamie Reception')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ username: 'staff@example.com', password: 'staff-pass-2026' });
  });

  it('tells a signed-in customer this is not a staff account, and a timed-out desk to log in again', async () => {
    mockApi({ 'GET /api/staff/me': { status: 403, body: { message: 'Forbidden', code: 'forbidden' } } });
    const first = at('/staff/registers');
    expect(await screen.findByRole('alert')).toHaveTextContent('This account is not a staff account here.');
    first.unmount();
    mockApi({ 'GET /api/staff/me': { status: 401, body: { message: 'Timed out', code: 'desk_timed_out' } } });
    at('/staff');
    expect(await screen.findByRole('alert')).toHaveTextContent('This desk session has timed out. Please log in again.');
  });
});

describe('finding a customer', () => {
  it('searches once typing pauses, announces the count and links each match to its record', async () => {
    const { calls } = mockApi({
      'GET /api/staff/me': envelope(me),
      'GET /api/staff/customers': (url) =>
        envelope(
          url.searchParams.get('q') === 'morg'
            ? [
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
                {
                  id: 12,
                  reference: 'NF-2',
                  first_name: 'Sam',
                  last_name: 'Morgan',
                  email: 'sam@example.invalid',
                  phone: null,
                  barcode: null,
                  date_of_birth: null,
                },
              ]
            : [],
        ),
    });
    at('/staff');
    await userEvent.type(await screen.findByLabelText('Name, email, reference, phone or barcode'), 'morg');
    expect(await screen.findByText('2 customers found')).toHaveAttribute('aria-live', 'polite');
    const list = screen.getByRole('list', { name: 'Matching customers' });
    expect(within(list).getByRole('link', { name: /Alex Morgan/ })).toHaveAttribute('href', '/staff/customers/11');
    // Debounced: one request for the settled text, none for the single letters typed on the way.
    const searches = calls.filter((c) => c.url.pathname === '/api/staff/customers').map((c) => c.url.searchParams.get('q'));
    expect(searches).toEqual(['morg']);
  });
});

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
  credit: { balance: 1250, ledger: [] },
  penalties: [{ id: 5, reason: 'No-show', amount: 500, status: 'outstanding', booking_id: 3, created_at: '2026-11-20T08:00:00Z' }],
  has_outstanding_penalties: true,
  linked_users: [{ id: 12, first_name: 'Sam', last_name: 'Morgan', reference: 'NF-2', relation: 'linked_to', status: 'successful' }],
  waivers: [],
  memberships: [{ id: 2, name: 'Monthly Flex', status: 'active', starts_at: '2026-01-01T00:00:00Z', ends_at: null }],
  packages: [{ id: 4, name: '10 swims', uses_remaining: 7, expires_at: '2027-01-01T00:00:00Z' }],
  past_bookings: [
    { id: 3, name: 'Early spin', venue: 'Ripon', starts_at: '2026-11-20T07:00:00Z', status: 'settled', attended: 'absent' },
    { id: 6, name: 'Yoga', venue: 'Harrogate', starts_at: '2026-11-18T18:00:00Z', status: 'cancelled', attended: null },
  ],
  strikes: [{ booking_id: 3, event: 'absent', created_at: '2026-11-20T08:00:00Z' }],
};

describe("a customer's record", () => {
  it('shows details, credit, linked users, and waives a penalty only with a reason', async () => {
    const { calls } = mockApi({
      'GET /api/staff/me': envelope(me),
      'GET /api/staff/customers/11': envelope(record),
      'POST /api/staff/customers/11/penalties/5/waive': envelope(null, 'Penalty waived.'),
    });
    at('/staff/customers/11');
    expect(await screen.findByRole('heading', { name: 'Alex Morgan', level: 1 })).toHaveFocus();
    expect(screen.getByText('Credit balance: £12.50')).toBeInTheDocument();
    expect(screen.getByText(/Sam Morgan/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Waive' }));
    const reason = screen.getByLabelText('Reason');
    expect(reason).toHaveFocus();
    await userEvent.type(reason, 'Family emergency{Enter}');
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Family emergency' });
  });
  it('shows memberships, packages, past and cancelled bookings and strikes, and waives a strike only with a reason', async () => {
    const { calls } = mockApi({
      'GET /api/staff/me': envelope(me),
      'GET /api/staff/customers/11': envelope(record),
      'POST /api/staff/customers/11/strikes/3/absent/waive': envelope(null, 'Strike waived.'),
    });
    at('/staff/customers/11');
    expect(await screen.findByRole('heading', { name: 'Alex Morgan', level: 1 })).toHaveFocus();
    expect(screen.getByText(/Monthly Flex \(active\)/)).toBeInTheDocument();
    expect(screen.getByText(/10 swims: 7 uses left/)).toBeInTheDocument();
    expect(screen.getByText(/Early spin at Ripon, .*: absent/)).toBeInTheDocument();
    expect(screen.getByText(/Yoga at Harrogate, .*: cancelled/)).toBeInTheDocument();
    const strikes = screen.getByRole('region', { name: 'Strikes' });
    expect(within(strikes).getByText(/No-show/)).toBeInTheDocument();
    await userEvent.click(within(strikes).getByRole('button', { name: 'Waive strike' }));
    const form = screen.getByRole('form', { name: 'Waive strike' });
    expect(within(form).getByLabelText('Reason')).toHaveFocus();
    await userEvent.type(within(form).getByLabelText('Reason'), 'Bus was late{Enter}');
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe('/api/staff/customers/11/strikes/3/absent/waive');
    expect(post?.body).toEqual({ reason: 'Bus was late' });
  });
});

const session = {
  id: 'occ-1',
  name: 'Early spin',
  booking_type: 'classes',
  starts_at: '2026-11-24T07:00:00Z',
  ends_at: '2026-11-24T07:45:00Z',
  status: 'bookable',
  capacity: { maximum: 20, consumed: 2 },
  booked: 2,
  attended: 0,
  absent: 0,
};
const attendee = (bookingId: number, first: string) => ({
  booking_id: bookingId,
  user: { id: bookingId + 100, first_name: first, last_name: 'Member', reference: `NF-${bookingId}` },
  booked_by: null,
  source: 'online',
  attended: null,
  answers: [],
  waivers: [],
});

describe('taking a register', () => {
  it('marks one attendee absent and everyone attended, with big targets', async () => {
    const { calls } = mockApi({
      'GET /api/staff/me': envelope(me),
      'GET /api/staff/registers/occ-1': envelope({ session, attendees: [attendee(1, 'Ana'), attendee(2, 'Ben')], started: true }),
      'POST /api/staff/registers/occ-1/attendance': envelope(null),
    });
    at('/staff/registers/occ-1');
    const absent = await screen.findByRole('button', { name: 'Mark Ben Member absent' });
    expect(absent.className).toMatch(/min-h-14/);
    await userEvent.click(absent);
    expect(await screen.findByText('Ben Member marked absent.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark all attended' }));
    expect(await screen.findByText('Everyone marked attended.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { booking_ids: [2], status: 'absent' },
      { booking_ids: [1, 2], status: 'attended' },
    ]);
  });

  it("shows each attendee's answers to the session's questions and the waivers they agreed", async () => {
    const withAnswers = {
      ...attendee(1, 'Ana'),
      answers: [{ custom_question_id: 4, question: 'Any medical conditions?', answer: 1, answer_text: 'Asthma' }],
      waivers: [{ name: 'Spin waiver', agreed_at: '2026-11-01T10:00:00Z' }],
    };
    mockApi({
      'GET /api/staff/me': envelope(me),
      'GET /api/staff/registers/occ-1': envelope({ session, attendees: [withAnswers, attendee(2, 'Ben')], started: true }),
    });
    at('/staff/registers/occ-1');
    const answers = await screen.findByRole('definition');
    expect(answers).toHaveTextContent('Asthma');
    expect(screen.getByRole('term')).toHaveTextContent('Any medical conditions?');
    expect(screen.getByText(/Waivers agreed: Spin waiver/)).toBeInTheDocument();
  });

  it('offers no marking before the session starts', async () => {
    mockApi({
      'GET /api/staff/me': envelope(me),
      'GET /api/staff/registers/occ-1': envelope({ session, attendees: [attendee(1, 'Ana')], started: false }),
    });
    at('/staff/registers/occ-1');
    expect(await screen.findByText(/This session has not started yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mark/ })).not.toBeInTheDocument();
  });
});

describe('the desk idle timeout', () => {
  it('signs the desk out in the browser after the operator’s idle minutes without a key or touch, and says why', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let signedIn = true;
      const { calls } = mockApi({
        'GET /api/staff/me': () =>
          signedIn
            ? envelope({ ...me, desk_idle_minutes: 2 })
            : { status: 401, body: { code: 'unauthenticated', message: 'Unauthenticated.' } },
        'POST /api/auth/logout': () => {
          signedIn = false;
          return envelope(null);
        },
      });
      at('/staff/registers');
      expect(await screen.findByText('Signed in as Jamie Reception')).toBeInTheDocument();
      // A key press a minute in starts the count again.
      await vi.advanceTimersByTimeAsync(60_000);
      await userEvent.keyboard('a');
      await vi.advanceTimersByTimeAsync(90_000);
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/auth/logout')).toBe(false);
      await vi.advanceTimersByTimeAsync(31_000);
      await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/auth/logout')).toBe(true));
      expect(await screen.findByText('This desk session has timed out. Please log in again.')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Staff sign in', level: 1 })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets a manager set the desk idle timeout on the settings screen; the front desk has no such link', async () => {
    const { calls } = mockApi({
      'GET /api/staff/me': envelope({ ...me, roles: ['manager'] }),
      'GET /api/staff/settings': envelope({ desk_idle_minutes: 15 }),
      'PUT /api/staff/settings': envelope({ desk_idle_minutes: 30 }, 'Settings saved.'),
    });
    at('/staff/settings');
    expect(await screen.findByRole('heading', { name: 'Desk settings', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toBeInTheDocument();
    const field = await screen.findByLabelText('Desk idle timeout (minutes)');
    await waitFor(() => expect(field).toHaveValue(15));
    await userEvent.clear(field);
    await userEvent.type(field, '30{Enter}');
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ desk_idle_minutes: 30 });
  });

  it('shows no settings link to the front desk', async () => {
    mockApi({ 'GET /api/staff/me': envelope(me) });
    at('/staff');
    expect(await screen.findByText('Signed in as Jamie Reception')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Settings' })).toBeNull();
  });
});
