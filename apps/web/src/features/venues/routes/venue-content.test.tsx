import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientWire } from '../../../test/fixtures';
import { envelope, mockApi, renderAt, setViewport } from '../../../test/render';
import { CentrePage } from './centre-page';
import { HomePage } from './home-page';

// Issue 13, brand and content (decision 170).
const photo = (kind: string, slug: string, alt: string) => ({
  src: `/images/${kind}/${slug}-480.png`,
  srcset: `/images/${kind}/${slug}-480.png 480w, /images/${kind}/${slug}-960.png 960w`,
  width: 960,
  height: 540,
  alt,
});

const venue = {
  id: 1,
  venue_id: 1,
  slug: 'harrogate',
  name: 'Harrogate Leisure Centre',
  address1: 'Station Parade',
  address2: null,
  town: 'Harrogate',
  area: 'North Yorkshire',
  postcode: 'HG1 1TE',
  opening_times: [{ day: 'Monday', opens: '06:30', closes: '22:00' }],
  coordinates: { latitude: 53.9921, longitude: -1.5418 },
  lat: 53.9921,
  lng: -1.5418,
  activities_v2_enabled: true,
  activities_v2_migration_date: '2026-01-01',
  display_venue_selection_button: true,
  phone: '01423 500600',
  email: 'harrogate@leisure.example',
  facilities: ['Gym', '25 m pool'],
  accessibility: 'Step-free entrance.',
  parking: 'Free car park.',
  arrival_info: 'Arrive 10 minutes early.',
  photo: photo('venues', 'harrogate', 'The entrance of Harrogate Leisure Centre'),
  created_at: '2026-01-01T00:00:00.000Z',
};

const zoned = (hhmm: string) => ({
  utc: `2030-01-07T${hhmm}:00.000Z`,
  local: `2030-01-07T${hhmm}:00+00:00`,
  timezone: 'Europe/London',
  text: `2030-01-07 ${hhmm}:00`,
  format_24_hour: hhmm,
});
const session = (id: string, name: string, hhmm: string, available: number) => ({
  id,
  template_name: name,
  starts_at: zoned(hhmm),
  status: 'bookable',
  capacity: { available, maximum: 20 },
  location_name: 'Studio 1',
  friendly_location_name: 'Studio 1',
});

describe("a client's home page and a venue's page", () => {
  it('welcomes with the client’s photo, heading and text, and shows each venue with its photo in every width', async () => {
    setViewport('desktop');
    mockApi({
      'GET /api/client': envelope(
        clientWire({ hero: { title: 'Get active', text: 'Book in a minute.', photo: photo('hero', 'northfield', 'Hills at sunrise') } }),
      ),
      'GET /api/activities/venues': envelope([venue]),
    });
    renderAt(<HomePage />);
    const welcome = await screen.findByRole('region', { name: 'Get active' });
    expect(within(welcome).getByText('Book in a minute.')).toBeInTheDocument();
    const hero = within(welcome).getByRole('img', { name: 'Hills at sunrise' });
    expect(hero).toHaveAttribute('srcset', '/images/hero/northfield-480.png 480w, /images/hero/northfield-960.png 960w');
    expect(hero).toHaveAttribute('width', '960');
    expect(hero).toHaveAttribute('height', '540');
    expect(hero).toHaveAttribute('loading', 'eager');
    const card = await screen.findByRole('img', { name: 'The entrance of Harrogate Leisure Centre' });
    expect(card).toHaveAttribute('sizes', '(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw');
    expect(card).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('heading', { name: 'Choose a venue', level: 1 })).toBeInTheDocument();
  });

  it('shows no welcome for a client without one', async () => {
    setViewport('desktop');
    mockApi({ 'GET /api/client': envelope(clientWire({ hero: null })), 'GET /api/activities/venues': envelope([]) });
    renderAt(<HomePage />);
    expect(await screen.findByText('There are no venues to book at the moment.')).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('gives a venue’s contact, facilities, accessibility, parking, a map link and the rest of today', async () => {
    setViewport('desktop');
    const { calls } = mockApi({
      'GET /api/client': envelope(clientWire()),
      'GET /api/activities/venues/harrogate': envelope(venue),
      'GET /api/v1/activities/occurrences': envelope([session('b', 'Yoga Flow', '18:30', 0), session('a', 'Spin', '07:00', 3)]),
    });
    renderAt(<CentrePage />, { path: '/centre/:venue', at: '/centre/harrogate' });
    expect(await screen.findByRole('heading', { name: 'Harrogate Leisure Centre', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '01423 500600' })).toHaveAttribute('href', 'tel:01423500600');
    expect(screen.getByRole('link', { name: 'harrogate@leisure.example' })).toHaveAttribute('href', 'mailto:harrogate@leisure.example');
    expect(screen.getByText('25 m pool')).toBeInTheDocument();
    expect(screen.getByText('Step-free entrance.')).toBeInTheDocument();
    expect(screen.getByText('Free car park.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View Harrogate Leisure Centre on OpenStreetMap/ })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=53.9921&mlon=-1.5418#map=16/53.9921/-1.5418',
    );
    // A map of where it is, on the operator's tiles (decision 247).
    const map = screen.getByRole('img', { name: 'Map showing where Harrogate Leisure Centre is' });
    expect(map.querySelector('img')?.getAttribute('src')).toMatch(/^https:\/\/tiles\.example\/\d+\/\d+\/\d+\.png$/);
    const today = screen.getByRole('region', { name: "What's on today" });
    const rows = await within(today).findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['07:00 SpinStudio 13 places left', '18:30 Yoga FlowStudio 1Full']);
    const call = calls.find((c) => c.url.pathname === '/api/v1/activities/occurrences');
    expect(call?.url.searchParams.get('venue_ids')).toBe('1');
    expect(call?.url.searchParams.get('starts_before')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(within(today).getByRole('link', { name: 'See the full timetable' })).toHaveAttribute('href', '/location/harrogate');
  });
});
