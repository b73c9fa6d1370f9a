import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
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
const courtSlots = (locationId: number) => [
  occurrence(`s${locationId}-9`, '09:00', '10:00', { template_name: 'Badminton court', locations: [court(locationId)] }),
  occurrence(`s${locationId}-10`, '10:00', '11:00', { template_name: 'Badminton court', locations: [court(locationId)] }),
];

function renderDay(path: string) {
  const { calls } = mockApi({
    'GET /api/client': envelope(clientWire()),
    'GET /api/activities/venues/harrogate': envelope(venue),
    'GET /api/activities/venue/harrogate/categories/spin': envelope(category('spin', 'Spin', 'classes')),
    'GET /api/activities/venue/harrogate/categories/badminton': envelope(category('badminton', 'Badminton', 'resources')),
    'GET /api/activities/venue/harrogate/activity-category/spin/dates': envelope({}),
    'GET /api/activities/venue/harrogate/activity-category/badminton/dates': envelope({}),
    'GET /api/activities/venue/harrogate/activity/spin/timetable': envelope(classes),
    'GET /api/activities/venue/harrogate/activity/badminton/timetable': envelope([...courtSlots(1), ...courtSlots(2)]),
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

  it('opens the court in the address, and writes the court chosen', async () => {
    const user = userEvent.setup();
    const { router, calls } = renderDay(`/location/harrogate/badminton/${day}?location=2`);
    expect(await screen.findByRole('radio', { name: 'Court 2' })).toBeChecked();
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname.endsWith('/badminton/slots') && c.url.searchParams.get('location_id') === '2')).toBe(true),
    );
    expect(calls.some((c) => c.url.pathname.endsWith('/badminton/slots') && c.url.searchParams.get('location_id') === '1')).toBe(false);

    await user.click(screen.getByRole('radio', { name: 'Court 1' }));
    expect(router.state.location.search).toBe('?location=1');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('falls back to the first court when the address names one the day does not have', async () => {
    renderDay(`/location/harrogate/badminton/${day}?location=99`);
    expect(await screen.findByRole('radio', { name: 'Court 1' })).toBeChecked();
  });
});
