import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, mockApi, renderAt } from '../../../test/render';
import { ActivityRedirect, DateRedirect } from './legacy-redirects';

const notify = vi.hoisted(() => ({ error: vi.fn() }));
vi.mock('../../../lib/notify', async (original) => {
  const actual = await original<typeof import('../../../lib/notify')>();
  return {
    ...actual,
    notifyError: (...args: Parameters<typeof actual.notifyError>) => {
      notify.error(...args);
      return actual.notifyError(...args);
    },
  };
});

const spin = { id: 2, name: 'Spin', slug: 'spin', children: [], parent: null };
const categories = { 'GET /api/activities/venue/harrogate/categories/spin': envelope(spin) };

describe('/:venueSlug/:activitySlug', () => {
  it('goes to /location/{venue}/{activity}', async () => {
    mockApi(categories);
    const { router } = renderAt(<ActivityRedirect />, { path: '/:venueSlug/:activitySlug', at: '/harrogate/spin' });
    await screen.findByText('Elsewhere');
    expect(router.state.location.pathname).toBe('/location/harrogate/spin');
  });

  it('for an unknown activity, says "We couldn\'t find the activity you are looking for" for 3 seconds and goes home', async () => {
    notify.error.mockClear();
    mockApi(categories);
    const { router } = renderAt(<ActivityRedirect />, { path: '/:venueSlug/:activitySlug', at: '/harrogate/curling' });
    expect(await screen.findByText("We couldn't find the activity you are looking for")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(notify.error).toHaveBeenCalledTimes(1);
    expect(notify.error).toHaveBeenCalledWith("We couldn't find the activity you are looking for", { duration: 3000 });
  });

  it('does the same for an unknown venue', async () => {
    mockApi(categories);
    const { router } = renderAt(<ActivityRedirect />, { path: '/:venueSlug/:activitySlug', at: '/atlantis/spin' });
    expect(await screen.findByText("We couldn't find the activity you are looking for")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('/:venueSlug/:activitySlug/:dateSlug and /:type', () => {
  it.each(['/harrogate/spin/2030-01-07', '/harrogate/spin/2030-01-07/classes'])('%s goes to the day under /location', async (at) => {
    mockApi(categories);
    // Mounted under /old/ so the redirect's target is not caught by the route under test.
    const { router } = renderAt(<DateRedirect />, { path: '/old/:venueSlug/:activitySlug/:dateSlug/:type?', at: `/old${at}` });
    await screen.findByText('Elsewhere');
    expect(router.state.location.pathname).toBe('/location/harrogate/spin/2030-01-07');
  });

  it.each(['/harrogate/spin/someday', '/no/such/page'])('%s is not a page', async (at) => {
    mockApi(categories);
    renderAt(<DateRedirect />, { path: '/:venueSlug/:activitySlug/:dateSlug/:type?', at });
    expect(await screen.findByText("Whoops! Looks like you've gone offside.")).toBeInTheDocument();
  });
});
