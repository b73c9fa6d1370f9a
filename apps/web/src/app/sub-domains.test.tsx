import { act, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { accountPaths, configureAreas } from '../features/account';
import { camelize } from '../lib/api';
import { initShellMode } from '../lib/shell-mode';
import { cartWire, clientWire, userWire } from '../test/fixtures';
import { envelope, mockApi, renderAt, renderRouter, setViewport } from '../test/render';
import { createRoutes } from './router';
import { Header } from './shell/header';

const bookings = 'http://bookings.northfield.localhost:4173';
const account = 'http://myaccount.northfield.localhost:4173';
const split = clientWire({ account_url: account, bookings_url: bookings }, { online_joining_enabled: true });

/** The split as the app sees it at start-up on `origin`. */
const configure = (wire: Record<string, unknown>, origin: string) =>
  configureAreas(camelize(wire) as { accountUrl: string; bookingsUrl: string }, origin);

/** The app's routes at `at`; awaited, since pages suspend while their code loads. */
async function renderApp(at: string, client: Record<string, unknown>) {
  mockApi({
    'GET /api/client': envelope(client),
    'GET /api/auth/user': envelope(userWire),
    'GET /api/checkout/cart': envelope(cartWire([])),
    'GET /api/my-account/linked-users': envelope([]),
    'GET /api/my-account/bookings': { body: { data: [], meta: {} } },
  });
  await act(async () => {
    renderRouter(createMemoryRouter(createRoutes(), { initialEntries: [at] }));
  });
}

afterEach(() => {
  configureAreas(null);
  initShellMode('?embedded=false&kiosk=false');
});

describe('on one origin', () => {
  it('keeps the account area under /account', () => {
    configure(clientWire(), 'http://localhost:3000');
    expect(accountPaths.dashboard).toBe('/account');
    expect(accountPaths.details).toBe('/account/user-details');
  });
});

describe('on the account sub-domain', () => {
  it('mounts the account area at the root, and sends the header to the bookings sub-domain', async () => {
    setViewport('desktop');
    configure(split, account);
    expect(accountPaths.dashboard).toBe('/');
    await renderApp('/', split);
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Book an activity' })).toHaveAttribute('href', `${bookings}/redirect-to-selected-venue`);
    expect(within(main).getByRole('link', { name: 'Buy a membership' })).toHaveAttribute('href', `${bookings}/pricing`);
    expect(screen.getByRole('link', { name: 'Northfield Leisure' })).toHaveAttribute('href', `${bookings}/`);
    expect(screen.getByRole('link', { name: /^Shopping basket/ })).toHaveAttribute('href', `${bookings}/basket`);
    expect(screen.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/');
    const accountNav = screen.getByRole('navigation', { name: 'My account' });
    expect(within(accountNav).getByRole('link', { name: 'My details' })).toHaveAttribute('href', '/user-details');
  });

  it('serves My details at /user-details, with Home on the bookings sub-domain', async () => {
    setViewport('desktop');
    configure(split, account);
    await renderApp('/user-details', split);
    expect(await screen.findByRole('heading', { name: 'My details', level: 1 })).toBeInTheDocument();
    // The page sets its crumbs once it has rendered (its code is loaded on demand, decision 085).
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', `${bookings}/`);
    expect(within(crumbs).getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/');
  });

  it('carries the embedded and kiosk flags on links to the bookings sub-domain', async () => {
    setViewport('desktop');
    initShellMode('?kiosk=true');
    configure(split, account);
    await renderApp('/', split);
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(screen.getByRole('link', { name: /^Shopping basket/ })).toHaveAttribute('href', `${bookings}/basket?kiosk=true`);
  });
});

describe('on the bookings sub-domain', () => {
  it('links My account to the root of the account sub-domain, with the embedded flag', async () => {
    setViewport('desktop');
    initShellMode('?embedded=true');
    configure(split, bookings);
    expect(accountPaths.dashboard).toBe('/account');
    mockApi({
      'GET /api/client': envelope(split),
      'GET /api/auth/user': envelope(userWire),
      'GET /api/checkout/cart': envelope(cartWire([])),
    });
    renderAt(<Header />);
    expect(await screen.findByRole('link', { name: 'My account' })).toHaveAttribute('href', `${account}/?embedded=true`);
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Book an activity' })).toHaveAttribute(
      'href',
      '/redirect-to-selected-venue',
    );
  });
});
