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
        return { status: 201, body: { data: { id: 1, first_name: 'Robin' } } };
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
    await userEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Post' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions and the privacy notice' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(await screen.findByText('Welcome, Robin. Your account is ready.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
    const call = calls.find((c) => c.url.pathname === '/api/auth/customer/register');
    expect(call?.url.searchParams.get('onboarding_type')).toBe('membership_purchase');
    expect(call?.body).toEqual({
      first_name: 'Robin',
      last_name: 'Fletcher',
      email: 'robin@example.com',
      password: 'robin-pass-2026',
      marketing_email: true,
      marketing_sms: false,
      marketing_phone: false,
      marketing_post: true,
      client_id: 1,
      source: 'online',
    });
  });

  it('says what each empty field needs in a summary that takes focus, whose links lead to the fields (defect 7)', async () => {
    const { calls } = mockApi({ 'GET /api/client': envelope(clientWire()), 'GET /api/auth/user': unauthenticated });
    renderAt(<RegisterPage />, { path: '/register' });
    await userEvent.type(await screen.findByLabelText(/^Email address/), 'robin');
    await userEvent.type(screen.getByLabelText(/^Password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    const summary = await screen.findByRole('heading', { name: 'There is a problem' });
    expect(summary.parentElement).toHaveFocus();
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('#'));
    expect(links.map((a) => a.textContent)).toEqual([
      'Enter your first name',
      'Enter your last name',
      'Enter an email address in the correct format, like name@example.com',
      'Your password must be at least 8 characters',
      'Agree to the Terms and Conditions and the privacy notice to create an account',
    ]);
    expect(screen.queryByText(/character\(s\)/)).not.toBeInTheDocument();
    await userEvent.click(links[0] as HTMLElement);
    expect(screen.getByLabelText(/^First name/)).toHaveFocus();
    expect(calls.some((c) => c.url.pathname === '/api/auth/customer/register')).toBe(false);
  });

  it('lets the password be shown, and offers to log in instead, keeping where to go back to (defect 12)', async () => {
    mockApi({ 'GET /api/client': envelope(clientWire()), 'GET /api/auth/user': unauthenticated });
    renderAt(<RegisterPage />, { path: '/register', at: '/register?redirect=/location/harrogate/spin' });
    const password = await screen.findByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Log in instead' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/location/harrogate/spin')}`,
    );
  });

  it('shows a busy button while the account is being made (defect 7)', async () => {
    mockApi({
      'GET /api/client': envelope(clientWire()),
      'GET /api/auth/user': unauthenticated,
      'POST /api/auth/customer/register': () => undefined,
    });
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const original = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/register')) await held;
      return original(input, init);
    }) as typeof fetch;
    renderAt(<RegisterPage />, { path: '/register' });
    await userEvent.type(await screen.findByLabelText(/^First name/), 'Robin');
    await userEvent.type(screen.getByLabelText(/^Last name/), 'Fletcher');
    await userEvent.type(screen.getByLabelText(/^Email address/), 'robin@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'robin-pass-2026');
    await userEvent.click(screen.getByRole('checkbox', { name: /^I agree/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    const busy = await screen.findByRole('button', { name: 'Creating your account…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    release();
    globalThis.fetch = original;
  });

  it('is for visitors only: a logged-in user goes to the redirect value', async () => {
    mockApi({ 'GET /api/client': envelope(clientWire()), 'GET /api/auth/user': envelope(userWire) });
    const { router } = renderAt(<RegisterPage />, { path: '/register', at: '/register?redirect=/basket' });
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/basket');
  });
});
