import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartItemWire, cartWire, clientWire, userWire } from '../../test/fixtures';
import { envelope, mockApi, renderAt, setViewport } from '../../test/render';
import { Header } from './header';

function api({ features = {}, loggedIn = false, items = 0 }: { features?: Record<string, boolean>; loggedIn?: boolean; items?: number }) {
  mockApi({
    'GET /api/client': envelope(clientWire({}, features)),
    'GET /api/auth/user': loggedIn
      ? envelope(userWire)
      : { status: 401, body: { message: 'Please log in to continue.', code: 'unauthenticated' } },
    'GET /api/checkout/cart': envelope(cartWire(Array.from({ length: items }, (_, i) => cartItemWire(i + 1, `Spin ${i + 1}`)))),
  });
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe('the header', () => {
  it('shows only Book an activity when camps, courses and joining are off', async () => {
    setViewport('desktop');
    api({});
    renderAt(<Header />);
    expect(await within(nav()).findByRole('link', { name: 'Book an activity' })).toHaveAttribute('href', '/redirect-to-selected-venue');
    expect(within(nav()).queryByRole('link', { name: 'Book a camp' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Book a course' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Buy a membership' })).not.toBeInTheDocument();
  });

  it('adds Book a camp and Book a course with camps and courses, and Buy a membership with online joining', async () => {
    setViewport('desktop');
    api({ features: { camps_and_courses_booking_enabled: true, online_joining_enabled: true } });
    renderAt(<Header />);
    expect(await within(nav()).findByRole('link', { name: 'Book a camp' })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Book a course' })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Buy a membership' })).toHaveAttribute('href', '/pricing');
  });

  it('offers a visitor Log in and Create an account', async () => {
    setViewport('desktop');
    api({});
    renderAt(<Header />);
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('link', { name: 'My account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it('offers a logged-in user My account and Log out', async () => {
    setViewport('desktop');
    api({ loggedIn: true });
    renderAt(<Header />);
    expect(await screen.findByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it("shows the basket's item count to a user on desktop", async () => {
    setViewport('desktop');
    api({ loggedIn: true, items: 2 });
    renderAt(<Header />);
    expect(await screen.findByRole('link', { name: 'Shopping basket, 2 items' })).toHaveAttribute('href', '/basket');
  });

  it('always shows the badge on desktop, even to a visitor', async () => {
    setViewport('desktop');
    api({});
    renderAt(<Header />);
    expect(await screen.findByRole('link', { name: 'Shopping basket, 0 items' })).toBeInTheDocument();
    expect(screen.getByTestId('basket-badge')).toHaveTextContent('0');
  });

  it('hides the badge from a visitor on mobile, and shows it to a user', async () => {
    setViewport('mobile');
    api({});
    const visitor = renderAt(<Header />);
    expect(await screen.findByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shopping basket' })).toBeInTheDocument();
    expect(screen.queryByTestId('basket-badge')).not.toBeInTheDocument();
    visitor.unmount();

    api({ loggedIn: true, items: 1 });
    renderAt(<Header />);
    expect(await screen.findByRole('link', { name: 'Shopping basket, 1 item' })).toBeInTheDocument();
    expect(screen.getByTestId('basket-badge')).toHaveTextContent('1');
  });

  it('puts the links and the account section in the drawer on small screens', async () => {
    setViewport('mobile');
    api({});
    const { user } = await import('@testing-library/user-event').then((m) => ({ user: m.default.setup() }));
    renderAt(<Header />);
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Book an activity' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Create an account' })).toBeInTheDocument();
  });

  it("gives a logged-in user the account navigation and Log out in the drawer, and 'Back to Kiosk Home' in kiosk mode", async () => {
    setViewport('mobile');
    api({ loggedIn: true });
    const { user } = await import('@testing-library/user-event').then((m) => ({ user: m.default.setup() }));
    renderAt(<Header kioskHome="/kiosk?centre=harrogate" />);
    expect(screen.getByRole('link', { name: 'Back to Kiosk Home' })).toHaveAttribute('href', '/kiosk?centre=harrogate');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const account = await within(drawer).findByRole('navigation', { name: 'My account' });
    expect(
      within(account)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Dashboard', 'My details', 'Memberships', 'Packages', 'Bookings', 'Payments', 'Linked users']);
    expect(within(drawer).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('offers a kiosk visitor no booking navigation and no Create an account, on a desktop and in the drawer (issue 13, defect 15)', async () => {
    setViewport('desktop');
    api({ features: { camps_and_courses_booking_enabled: true, online_joining_enabled: true } });
    const view = renderAt(<Header kioskHome="/kiosk?centre=harrogate" />);
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Kiosk Home' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Book an activity' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
    view.unmount();

    setViewport('mobile');
    const { user } = await import('@testing-library/user-event').then((m) => ({ user: m.default.setup() }));
    renderAt(<Header kioskHome="/kiosk?centre=harrogate" />);
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(await within(drawer).findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('link', { name: 'Book an activity' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
  });
});
