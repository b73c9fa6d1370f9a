import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initShellMode } from '../../../lib/shell-mode';
import { clientWire, userWire } from '../../../test/fixtures';
import { envelope, mockApi, renderAt } from '../../../test/render';
import { KioskHomePage } from './kiosk-home-page';

const venue = { slug: 'harrogate', name: 'Harrogate Leisure Centre' };
const unauthenticated = { status: 401, body: { message: 'Please log in to continue.', code: 'unauthenticated' } };

describe('the kiosk home', () => {
  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    initShellMode('?kiosk=false&embedded=false');
  });

  it("welcomes a visitor to the device's centre, with Book an activity and Log in", async () => {
    initShellMode('?kiosk=true&centre=harrogate');
    mockApi({
      'GET /api/client': envelope(clientWire()),
      'GET /api/auth/user': unauthenticated,
      'GET /api/activities/venues/harrogate': envelope(venue),
    });
    renderAt(<KioskHomePage />, { path: '/kiosk' });
    expect(await screen.findByRole('heading', { name: 'Welcome to Harrogate Leisure Centre' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book an activity' })).toHaveAttribute('href', '/location/harrogate');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('sends a logged-in user to an account area on another origin with the kiosk and embedded flags', async () => {
    initShellMode('?kiosk=true&embedded=true&centre=harrogate');
    mockApi({
      'GET /api/client': envelope(
        clientWire({ account_url: 'https://myaccount.northfield.example', bookings_url: 'https://bookings.northfield.example' }),
      ),
      'GET /api/auth/user': envelope(userWire),
      'GET /api/activities/venues/harrogate': envelope(venue),
    });
    renderAt(<KioskHomePage />, { path: '/kiosk' });
    expect(await screen.findByText('Logged in as Alex Morgan')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'My account' })).toHaveAttribute(
      'href',
      'https://myaccount.northfield.example/?embedded=true&kiosk=true',
    );
  });
});
