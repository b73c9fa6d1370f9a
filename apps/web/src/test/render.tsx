import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppToaster } from '../app/providers';
import { createMutationCache } from '../app/query-client';
import { PageMetaProvider } from '../components/page-meta';
import { i18n } from '../lib/i18n';

type Handler = (url: URL, init: RequestInit | undefined) => { status?: number; body?: unknown } | undefined;

/**
 * Stubs fetch with answers by 'METHOD /path'. A handler may be a fixed answer or a function of the request;
 * anything unanswered is a 404, so a test sees which calls a screen makes.
 */
export function mockApi(routes: Record<string, { status?: number; body?: unknown } | Handler>) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const route = routes[`${method} ${url.pathname}`];
    const answer = typeof route === 'function' ? route(url, init) : route;
    const status = answer?.status ?? (answer ? 200 : 404);
    const body = answer?.body ?? (answer ? null : { message: 'Unable to complete request, item not found.', code: 'not_found' });
    return new Response(body === null ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** Sets the viewport the breakpoint hooks see: 'mobile' (< 575px), 'tablet' or 'desktop' (>= 1200px). */
export function setViewport(kind: 'mobile' | 'tablet' | 'desktop') {
  const width = { mobile: 375, tablet: 800, desktop: 1280 }[kind];
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return {
      matches: min ? width >= Number(min[1]) : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      onchange: null,
      dispatchEvent: () => false,
    };
  });
}

export function createTestQueryClient() {
  return new QueryClient({
    mutationCache: createMutationCache(),
    defaultOptions: { queries: { retry: false, throwOnError: false }, mutations: { retry: false } },
  });
}

/** Renders a router with the app's providers (a fresh query client, strings, page meta and toasts). */
export function renderRouter(router: ReturnType<typeof createMemoryRouter>) {
  const queryClient = createTestQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <PageMetaProvider>
          <RouterProvider router={router} />
          <AppToaster />
        </PageMetaProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
}

/** Renders a screen with the app's providers at a route; extra routes can stand in for navigation targets. */
export function renderAt(ui: ReactNode, { path = '/', at = path }: { path?: string; at?: string } = {}) {
  return renderRouter(
    createMemoryRouter(
      [
        { path, element: ui },
        { path: '*', element: <p>Elsewhere</p> },
      ],
      { initialEntries: [at] },
    ),
  );
}

export const envelope = (data: unknown, message?: string) => ({ body: { data, ...(message ? { message } : {}) } });
