import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { selectVenue } from '../../../lib/selected-venue';
import { mockApi, renderAt } from '../../../test/render';
import { RedirectToSelectedVenue } from './redirect-to-selected-venue';

describe('/redirect-to-selected-venue', () => {
  it('goes to the selected venue', async () => {
    mockApi({});
    selectVenue('harrogate');
    const { router } = renderAt(<RedirectToSelectedVenue />, { path: '/redirect-to-selected-venue' });
    await screen.findByText('Elsewhere');
    expect(router.state.location.pathname).toBe('/location/harrogate');
  });

  it('without a venue, says to choose one and goes home', async () => {
    mockApi({});
    const { router } = renderAt(<RedirectToSelectedVenue />, { path: '/redirect-to-selected-venue' });
    expect(await screen.findByText('Please select a venue before booking an activity')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['course', '/course-redirect-to-selected-venue', '/courses/location/harrogate'],
    ['camp', '/camp-redirect-to-selected-venue', '/camps/location/harrogate'],
  ] as const)('for a %s, goes to the selected venue under its own path', async (kind, path, target) => {
    mockApi({});
    selectVenue('harrogate');
    const { router } = renderAt(<RedirectToSelectedVenue kind={kind} />, { path });
    await screen.findByText('Elsewhere');
    expect(router.state.location.pathname).toBe(target);
  });

  it.each(['course', 'camp'] as const)('for a %s without a venue, says to choose one and goes home', async (kind) => {
    mockApi({});
    const { router } = renderAt(<RedirectToSelectedVenue kind={kind} />, { path: `/${kind}-redirect-to-selected-venue` });
    expect(await screen.findByText('Please select a venue before booking an activity')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
