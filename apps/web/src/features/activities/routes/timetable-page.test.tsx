import { dayjs, todayIn } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { selectedUser } from '../../../lib/selected-user';
import { clientWire, occurrenceWire } from '../../../test/fixtures';
import { envelope, mockApi, renderRouter, setViewport } from '../../../test/render';
import { TimetablePage } from './timetable-page';

const day = '2030-01-07';
const at = (time: string) => ({
  utc: `${day}T${time}:00.000Z`,
  local: `${day}T${time}:00+00:00`,
  timezone: 'Europe/London',
  text: `${day} ${time}:00`,
  format_24_hour: time,
});
const occurrence = (id: string, start: string, end: string, over: Record<string, unknown> = {}) =>
  occurrenceWire({ id, starts_at: at(start), ends_at: at(end), ...over });

const venue = {
  id: 1,
  venue_id: 1,
  slug: 'harrogate',
  name: 'Harrogate Leisure Centre',
  address1: null,
  address2: null,
  town: 'Harrogate',
  area: null,
  postcode: null,
  opening_times: [],
  coordinates: null,
  lat: null,
  lng: null,
  activities_v2_enabled: false,
  activities_v2_migration_date: null,
  display_venue_selection_button: false,
  created_at: '2026-01-01T00:00:00.000Z',
};
const category = (slug: string, name: string, v2Type: 'classes' | 'resources') => ({
  id: 2,
  name,
  slug,
  booking_type: v2Type,
  is_root: false,
  browse_by_name: 'location',
  allocation_strategy: null,
  v2_type: v2Type,
  v1_type: null,
  parent: null,
  children: [],
  locations: [{ venue_slug: 'harrogate' }],
  created_at: '2026-01-01T00:00:00.000Z',
});

const classes = [
  occurrence('a', '07:00', '07:45', { instructors: [{ id: 1, name: 'Sam Patel' }], tags: ['Cardio'] }),
  occurrence('b', '12:00', '12:45', { instructors: [{ id: 3, name: 'Chris Okafor' }], tags: ['Beginners'] }),
  occurrence('c', '18:30', '19:15', {
    instructors: [{ id: 2, name: 'Jo Williams' }],
    tags: ['Cardio'],
    capacity: { available: 0, consumed: 20, maximum: 20 },
    bookable_action: { action: 'join_waitlist', message: null },
  }),
];

const court = (id: number) => ({ id, name: `Court ${id}`, names: [`Court ${id}`, 'Harrogate Leisure Centre'] });
const courtSlots = (locationId: number, over: Record<string, unknown> = {}) => [
  occurrence(`s${locationId}-9`, '09:00', '10:00', {
    template_name: 'Badminton court',
    locations: [court(locationId)],
    location_name: `Court ${locationId}`,
    capacity: { available: 1, consumed: 0, maximum: 1 },
    price: { value: 1200, formatted: '£12', currency: 'GBP' },
    ...over,
  }),
  occurrence(`s${locationId}-10`, '10:00', '11:00', {
    template_name: 'Badminton court',
    locations: [court(locationId)],
    location_name: `Court ${locationId}`,
    capacity: { available: 1, consumed: 0, maximum: 1 },
    price: { value: 1200, formatted: '£12', currency: 'GBP' },
  }),
];

function renderDay(path: string, spinDates: Record<string, unknown> = {}) {
  const { calls } = mockApi({
    'GET /api/client': envelope(clientWire()),
    'GET /api/activities/venues/harrogate': envelope(venue),
    'GET /api/activities/venue/harrogate/categories/spin': envelope(category('spin', 'Spin', 'classes')),
    'GET /api/activities/venue/harrogate/categories/badminton': envelope(category('badminton', 'Badminton', 'resources')),
    'GET /api/activities/venue/harrogate/activity-category/spin/dates': envelope(spinDates),
    'GET /api/activities/venue/harrogate/activity-category/badminton/dates': envelope({}),
    'GET /api/activities/venue/harrogate/activity/spin/timetable': envelope(classes),
    'GET /api/activities/venue/harrogate/activity/badminton/timetable': // The courts come in the order their first free slot does, which changes from day to day; the grid does not.
      envelope([
        ...courtSlots(10),
        ...courtSlots(2, { capacity: { available: 0, consumed: 1, maximum: 1 }, bookable_action: { action: null, message: 'Sold out' } }),
        ...courtSlots(1),
      ]),
    'GET /api/activities/venue/harrogate/activity/badminton/slots': (url) =>
      envelope(courtSlots(Number(url.searchParams.get('location_id')))),
  });
  const router = createMemoryRouter(
    [
      { path: '/before', element: <p>The page before</p> },
      { path: '/location/:venueSlug/:activitySlug/:dateSlug/:type?/*', element: <TimetablePage /> },
    ],
    { initialEntries: ['/before', path], initialIndex: 1 },
  );
  renderRouter(router);
  return { router, calls };
}

const times = (name: RegExp) => screen.getAllByRole('button', { name }).map((b) => b.getAttribute('aria-label'));
const shownClasses = () => times(/^Details of Spin at/);

async function choose(label: string, option: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: new RegExp(`${label}$`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the timetable filters in the address', () => {
  beforeEach(() => setViewport('desktop'));

  it("asks for the linked user's sessions when booking for them, and the customer's own again after (decision 248)", async () => {
    selectedUser.set(1, 5);
    try {
      const { calls } = renderDay(`/location/harrogate/spin/${day}`);
      expect(await screen.findByText('Showing 3 of 3')).toBeInTheDocument();
      const asked = () =>
        calls.filter((c) => c.url.pathname.endsWith('/spin/timetable')).map((c) => c.url.searchParams.get('selected_user_id'));
      expect(asked()).toEqual(['5']);
      selectedUser.set(1, null);
      await waitFor(() => expect(asked()).toEqual(['5', null]));
    } finally {
      selectedUser.clear();
    }
  });

  it('opens a shared link with its filters applied', async () => {
    renderDay(`/location/harrogate/spin/${day}?start=12:00&tag=Cardio`);
    expect(await screen.findByText('Showing 1 of 3')).toBeInTheDocument();
    expect(shownClasses()).toEqual(['Details of Spin at 18:30 - 19:15']);
    expect(screen.getByRole('button', { name: /Starting from$/ })).toHaveTextContent('12:00');
    expect(within(screen.getByRole('group', { name: 'Tags' })).getByRole('checkbox', { name: 'Cardio' })).toBeChecked();
  });

  it('ignores values that do not read, showing the day unfiltered rather than an error', async () => {
    renderDay(`/location/harrogate/spin/${day}?start=25:00&end=soon&show=everything&instructor=abc&tag=&location=x`);
    expect(await screen.findByText('Showing 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Spin', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('writes each change into the address in place, so back leaves the page', async () => {
    const user = userEvent.setup();
    const { router } = renderDay(`/location/harrogate/spin/${day}`);
    await screen.findByText('Showing 3 of 3');
    await choose('Show', 'Full, with a waitlist');
    expect(router.state.location.search).toBe('?show=waitlist');
    expect(router.state.historyAction).toBe('REPLACE');
    await user.click(within(screen.getByRole('group', { name: 'Instructors' })).getByRole('checkbox', { name: 'Jo Williams' }));
    expect(new URLSearchParams(router.state.location.search).getAll('instructor')).toEqual(['2']);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(shownClasses()).toEqual(['Details of Spin at 18:30 - 19:15']);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
    await router.navigate(-1);
    expect(await screen.findByText('The page before')).toBeInTheDocument();
  });

  it('keeps the filters when the day changes', async () => {
    const user = userEvent.setup();
    const { router } = renderDay(`/location/harrogate/spin/${day}?show=bookable`);
    await screen.findByText('Showing 2 of 3');
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/location/harrogate/spin/2030-01-08'));
    expect(router.state.location.search).toBe('?show=bookable');
  });
});

describe('the court grid (issue 13, defect 4)', () => {
  beforeEach(() => setViewport('mobile'));

  it('puts the courts in a stable order across and the times down, each slot named for a screen reader', async () => {
    renderDay(`/location/harrogate/badminton/${day}`);
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Time', 'Court 1', 'Court 2', 'Court 10']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['09:00', '10:00']);
    expect(screen.getByRole('button', { name: 'Court 1, 09:00, £12.00, available' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Court 2, 09:00, Unavailable' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByText(/1 available/)).not.toBeInTheDocument();
  });

  it('is one tab stop, moved through by arrows, and Tab goes on to the action bar with the total', async () => {
    const user = userEvent.setup();
    renderDay(`/location/harrogate/badminton/${day}`);
    const first = await screen.findByRole('button', { name: 'Court 1, 09:00, £12.00, available' }, { timeout: 5000 });
    const cells = within(screen.getByRole('table')).getAllByRole('button');
    expect(cells.filter((c) => c.tabIndex === 0)).toEqual([first]);
    first.focus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{ArrowDown}');
    const below = screen.getByRole('button', { name: 'Court 1, 10:00, £12.00, available' });
    expect(below).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight} ');
    expect(screen.getByRole('button', { name: 'Court 10, 10:00, £12.00, available' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('2 slots chosen: total £24.00')).toBeInTheDocument();
    expect(screen.getByText('Court 1 09:00, Court 10 10:00')).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Clear' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Add to basket' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Add to basket' })).toBeEnabled();
  });

  it('does not pick a slot that is taken', async () => {
    const user = userEvent.setup();
    renderDay(`/location/harrogate/badminton/${day}`);
    await user.click(await screen.findByRole('button', { name: 'Court 2, 09:00, Unavailable' }, { timeout: 5000 }));
    expect(screen.getByText('0 slots chosen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to basket' })).toBeDisabled();
  });
});

describe('the day a timetable opens on (issue 13, defect 5)', () => {
  beforeEach(() => setViewport('mobile'));
  const today = todayIn('Europe/London');
  const plus = (n: number) => dayjs(today).add(n, 'day').format('YYYY-MM-DD');
  const dates = (...days: string[]) => Object.fromEntries(days.map((d) => [d, { raw: d, day: 'Mon', label: d, sessions: 2 }]));

  it('moves on from today to the first day with something to book, and says how far ahead bookings open', async () => {
    const { router } = renderDay(`/location/harrogate/spin/${today}`, dates(plus(2), plus(5), plus(13)));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/location/harrogate/spin/${plus(2)}`));
    expect(await screen.findByText('Bookings open 14 days ahead')).toBeInTheDocument();
    const strip = screen.getByRole('navigation', { name: 'Days' });
    const days = within(strip).getAllByRole('listitem');
    expect(days).toHaveLength(7);
    expect(within(strip).getByRole('button', { current: 'date' })).toHaveAccessibleName(
      `${dayjs(plus(2)).format('ddd, D MMM YYYY')}, has sessions`,
    );
  });

  it('keeps a day the customer chose, and says when the next sessions are', async () => {
    const user = userEvent.setup();
    const { router } = renderDay(`/location/harrogate/spin/${plus(2)}`, dates(plus(2), plus(5)));
    const strip = await screen.findByRole('navigation', { name: 'Days' });
    await user.click(within(strip).getByRole('button', { name: dayjs(plus(3)).format('ddd, D MMM YYYY') }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/location/harrogate/spin/${plus(3)}`));
    const next = dayjs(plus(5)).format('ddd, D MMM YYYY');
    expect(await screen.findByText(`There is nothing to book on this day. The next sessions are on ${next}.`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Show ${next}` }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/location/harrogate/spin/${plus(5)}`));
  });
});
