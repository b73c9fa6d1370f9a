import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSelectedVenue } from '../../../lib/selected-venue';
import { envelope, mockApi, renderAt } from '../../../test/render';
import { VenueRedirect } from './venue-redirect';

describe('/:venueSlug', () => {
  it('selects the venue and goes to its activities', async () => {
    mockApi({ 'GET /api/activities/venues/ripon': envelope({ id: 2, slug: 'ripon', name: 'Ripon Pool and Fitness' }) });
    const { router } = renderAt(<VenueRedirect />, { path: '/:venueSlug', at: '/ripon' });
    await screen.findByText('Elsewhere');
    expect(router.state.location.pathname).toBe('/location/ripon');
    expect(getSelectedVenue()).toBe('ripon');
  });

  it('shows the not-found page for a path that names no venue', async () => {
    mockApi({});
    renderAt(<VenueRedirect />, { path: '/:venueSlug', at: '/nowhere' });
    expect(await screen.findByText("Whoops! Looks like you've gone offside.")).toBeInTheDocument();
    expect(getSelectedVenue()).toBeNull();
  });
});
