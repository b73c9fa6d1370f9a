import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { clientWire } from '../../../test/fixtures';
import { envelope, mockApi, renderAt } from '../../../test/render';
import { VenueSearchPage } from './venue-search-page';

const venue = (slug: string, name: string, lat: number | null, lng: number | null, miles: number) => ({
  id: 1,
  venue_id: 1,
  slug,
  name,
  address1: 'Station Parade',
  address2: null,
  town: 'Harrogate',
  area: null,
  postcode: 'HG1 1TE',
  opening_times: [],
  coordinates: lat === null ? null : { latitude: lat, longitude: lng },
  lat,
  lng,
  activities_v2_enabled: true,
  activities_v2_migration_date: null,
  display_venue_selection_button: true,
  created_at: '2026-01-01T00:00:00.000Z',
  distance_miles: miles,
});

const found = {
  search_term: 'Harrogate',
  searched: { latitude: 53.99, longitude: -1.54, label: 'Harrogate' },
  radius: 5,
  venues: [
    venue('harrogate', 'Harrogate Leisure Centre', 53.9921, -1.5418, 0.04),
    venue('knaresborough', 'Knaresborough Sports Hall', 54.0097, -1.468, 3.26),
  ],
  no_venues_found: false,
  message: null,
};
const none = { ...found, venues: [], no_venues_found: true, message: 'No venues found within 5 miles.' };

function page(result: object = found) {
  const api = mockApi({ 'GET /api/client': envelope(clientWire()), 'GET /api/activities/venues/search': envelope(result) });
  const view = renderAt(<VenueSearchPage />, { path: '/venues/search' });
  const searches = () =>
    api.calls.filter((c) => c.url.pathname === '/api/activities/venues/search').map((c) => Object.fromEntries(c.url.searchParams));
  return { ...view, searches };
}

describe('the venue map search', () => {
  it('finds venues by town within the default 5 miles, nearest first with their distances', async () => {
    const user = userEvent.setup();
    const { searches } = page();
    await user.type(await screen.findByLabelText('Town or city'), 'Harrogate');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('list');
    expect(
      within(results)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Harrogate Leisure Centre', 'Knaresborough Sports Hall']);
    expect(within(results).getByText('3.3 miles away')).toBeInTheDocument();
    expect(screen.getByText('Within 5 miles of Harrogate')).toBeInTheDocument();
    expect(searches()).toEqual([{ search: 'Harrogate', radius: '5' }]);
  });

  it('checks a postcode is 5 to 7 characters without its spaces before asking', async () => {
    const user = userEvent.setup();
    const { searches } = page();
    await user.click(await screen.findByRole('radio', { name: 'Postcode' }));
    const postcode = screen.getByRole('textbox', { name: 'Postcode' });
    await user.type(postcode, 'HG1');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Must contain at least 5 character(s)')).toBeInTheDocument();
    await user.clear(postcode);
    await user.type(postcode, 'HG1 1TEXX');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Must contain at most 7 character(s)')).toBeInTheDocument();
    expect(searches()).toEqual([]);
    await user.clear(postcode);
    await user.type(postcode, 'HG1 1TE');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(searches()).toEqual([{ postcode: 'HG11TE', radius: '5' }]));
  });

  it('keeps the radius within 0 to 30 miles', async () => {
    const user = userEvent.setup();
    const { searches } = page();
    const radius = await screen.findByRole('textbox', { name: 'Distance in miles (0 to 30)' });
    await user.clear(radius);
    await user.type(radius, '45');
    await user.type(screen.getByLabelText('Town or city'), 'Ripon');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(searches()).toEqual([{ search: 'Ripon', radius: '30' }]));
  });

  it("shows the server's message when no venue is near", async () => {
    const user = userEvent.setup();
    page(none);
    await user.type(await screen.findByLabelText('Town or city'), 'Penzance');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No venues found within 5 miles.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Map/ })).not.toBeInTheDocument();
  });

  it('searches from the customer’s location', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 54.1, longitude: -1.5 } } as GeolocationPosition),
      },
    });
    const { searches } = page();
    await user.click(await screen.findByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(searches()).toEqual([{ lat: '54.1', lng: '-1.5', radius: '5' }]));
  });

  it('says so when the location cannot be had', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition: (_: PositionCallback, fail: () => void) => fail() } });
    page();
    await user.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('We could not get your location. Search by town or postcode instead.')).toBeInTheDocument();
  });

  it('draws the map from the operator’s tiles, and falls back to the list when they cannot load', async () => {
    const user = userEvent.setup();
    page({ ...found, venues: [...found.venues, venue('nowhere', 'Nowhere Baths', null, null, 1)] });
    await user.type(await screen.findByLabelText('Town or city'), 'Harrogate');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const map = await screen.findByRole('img', { name: /Map of the venues found/ });
    const tiles = map.querySelectorAll('img');
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles[0]?.getAttribute('src')).toMatch(/^https:\/\/tiles\.example\/\d+\/\d+\/\d+\.png$/);
    // Pins for the venues with coordinates only.
    expect([...map.querySelectorAll('[title]')].map((p) => p.getAttribute('title'))).toEqual([
      'Harrogate Leisure Centre',
      'Knaresborough Sports Hall',
    ]);

    fireEvent.error(tiles[0] as HTMLImageElement);
    expect(await screen.findByText('The map could not be loaded, so the venues are listed below.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Map/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(3);
  });
});
