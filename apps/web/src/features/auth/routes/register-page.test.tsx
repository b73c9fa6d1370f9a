import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clientWire, userWire } from '../../../test/fixtures';
import { envelope, mockApi, renderAt } from '../../../test/render';
import { RegisterPage } from './register-page';

const unauthenticated = { status: 401, body: { message: 'Please log in to continue.', code: 'unauthenticated' } };

describe('sign up', () => {
  it('sends the fields with client_id, source and the onboarding type, then goes to the redirect', async () => {
    let registered = false;
    const { calls } = mockApi({
      'GET /api/client': envelope(clientWire()),
      'GET /api/auth/user': () => (registered ? envelope(userWire) : unauthenticated),
      'POST /api/auth/customer/register': () => {
        registered = true;
        return { status: 201, body: { data: { id: 1 } } };
      },
    });
    const { router } = renderAt(<RegisterPage />, {
      path: '/register',
      at: '/register?redirect=/account&onboarding_type=membership_purchase',
    });
    await userEvent.type(await screen.findByLabelText(/^First name/), 'Robin');
    await userEvent.type(screen.getByLabelText(/^Last name/), 'Fletcher');
    await userEvent.type(screen.getByLabelText(/^Email address/), 'robin@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'robin-pass-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
    const call = calls.find((c) => c.url.pathname === '/api/auth/customer/register');
    expect(call?.url.searchParams.get('onboarding_type')).toBe('membership_purchase');
    expect(call?.body).toEqual({
      first_name: 'Robin',
      last_name: 'Fletcher',
      email: 'robin@example.com',
      password: 'robin-pass-2026',
      client_id: 1,
      source: 'online',
    });
  });

  it('is for visitors only: a logged-in user goes to the redirect value', async () => {
    mockApi({ 'GET /api/client': envelope(clientWire()), 'GET /api/auth/user': envelope(userWire) });
    const { router } = renderAt(<RegisterPage />, { path: '/register', at: '/register?redirect=/basket' });
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/basket');
  });
});
