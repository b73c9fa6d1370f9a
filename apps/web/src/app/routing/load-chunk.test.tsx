import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { createMemoryRouter, Link, Outlet, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRouter } from '../../test/render';
import { RouteErrors } from '../errors/route-error';
import { AppRoutes } from '../router';
import { lazyPage } from './lazy-page';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, loadChunk } from './load-chunk';

afterEach(() => vi.useRealTimers());

describe('loading a chunk', () => {
  it('gives the module when it arrives', async () => {
    await expect(loadChunk(async () => ({ Page: 'page' }))).resolves.toEqual({ Page: 'page' });
  });

  it('fails with a load error at once when the chunk fails to load', async () => {
    const failure = loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await expect(failure).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('fails with a load error after 120 seconds when the chunk never arrives, and not before', async () => {
    vi.useFakeTimers();
    let settled: unknown = 'pending';
    loadChunk(() => new Promise<never>(() => {})).then(
      () => (settled = 'loaded'),
      (error: unknown) => (settled = error),
    );
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(ChunkLoadError);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });
});

describe('a page whose code fails to load', () => {
  it('shows the full-page error inside the shell, not a white screen, and tries again on the next visit', async () => {
    mockApi({});
    let attempts = 0;
    const load = () => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve({ Page: () => <h1>Timetable</h1> });
    };
    const routes: RouteObject[] = [
      {
        element: <Shell />,
        children: [
          { path: '/timetable', ...lazyPage(load, (m) => <m.Page />) },
          { path: '/elsewhere', element: <Link to="/timetable">Back to the timetable</Link> },
        ],
      },
    ];
    await renderRoutes(routes, '/timetable');
    expect(await screen.findByRole('heading', { name: 'We may have dropped the ball on this one.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    expect(screen.getByText('Shell')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const back = await screen.findByRole('link', { name: 'Back to the timetable' });
    // Awaited: the page suspends again while its code loads.
    await act(async () => fireEvent.click(back));
    expect(await screen.findByRole('heading', { name: 'Timetable' })).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('shows the page once its code arrives', async () => {
    mockApi({});
    const routes: RouteObject[] = [
      {
        path: '/basket',
        ...lazyPage(
          async () => ({ Basket: () => <h1>Your basket</h1> }),
          (m) => <m.Basket />,
        ),
      },
    ];
    await renderRoutes(routes, '/basket');
    expect(await screen.findByRole('heading', { name: 'Your basket' })).toBeInTheDocument();
  });
});

/** The app's routes at `at`; awaited, since the page suspends while its code loads. */
async function renderRoutes(routes: RouteObject[], at: string) {
  await act(async () => {
    renderRouter(createMemoryRouter([{ path: '*', element: <AppRoutes routes={routes} /> }], { initialEntries: [at] }));
  });
}

/** A stand-in for the shell: the page area with the app's error boundary and loading state. */
function Shell() {
  return (
    <div>
      <p>Shell</p>
      <Link to="/elsewhere">Elsewhere</Link>
      <RouteErrors>
        <Suspense fallback={<p>Loading</p>}>
          <Outlet />
        </Suspense>
      </RouteErrors>
    </div>
  );
}
