import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRouter } from '../../test/render';
import { RouteError } from '../errors/route-error';
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
  it('shows the full-page error, not a white screen', async () => {
    mockApi({});
    const router = createMemoryRouter(
      [
        {
          errorElement: <RouteError />,
          children: [
            {
              path: '/timetable',
              ...lazyPage(
                () => Promise.reject(new TypeError('Failed to fetch')),
                () => <p>never</p>,
              ),
            },
          ],
        },
      ],
      { initialEntries: ['/timetable'] },
    );
    renderRouter(router);
    expect(await screen.findByRole('heading', { name: 'We may have dropped the ball on this one.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  });

  it('shows the page once its code arrives', async () => {
    mockApi({});
    const router = createMemoryRouter(
      [
        {
          path: '/basket',
          ...lazyPage(
            async () => ({ Basket: () => <h1>Your basket</h1> }),
            (m) => <m.Basket />,
          ),
        },
      ],
      {
        initialEntries: ['/basket'],
      },
    );
    renderRouter(router);
    expect(await screen.findByRole('heading', { name: 'Your basket' })).toBeInTheDocument();
  });
});
