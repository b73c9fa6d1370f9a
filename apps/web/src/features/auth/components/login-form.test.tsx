import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSelectedVenue, selectVenue } from '../../../lib/selected-venue';
import { userWire } from '../../../test/fixtures';
import { envelope, mockApi, renderAt } from '../../../test/render';
import { LoginForm } from './login-form';

function loginApi() {
  return mockApi({
    'POST /api/auth/customer/login': envelope({ user: userWire }),
    'GET /api/auth/user': envelope(userWire),
  });
}

async function logIn() {
  await userEvent.type(screen.getByLabelText(/^Email address/), 'demo@example.com');
  await userEvent.type(screen.getByLabelText(/^Password/), 'demo-pass-2026');
}

describe('the login form', () => {
  it('sends one attempt for a double submit (250 ms debounce) and makes the home venue the selected one', async () => {
    const { calls } = loginApi();
    let done = false;
    renderAt(<LoginForm onSuccess={() => (done = true)} />);
    await logIn();
    const submit = screen.getByRole('button', { name: 'Log in' });
    await userEvent.click(submit);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(done).toBe(true));
    expect(calls.filter((c) => c.url.pathname === '/api/auth/customer/login')).toHaveLength(1);
    expect(getSelectedVenue()).toBe('harrogate');
  });

  it('keeps a venue the visitor had already chosen', async () => {
    selectVenue('ripon');
    loginApi();
    let done = false;
    renderAt(<LoginForm onSuccess={() => (done = true)} />);
    await logIn();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(done).toBe(true));
    expect(getSelectedVenue()).toBe('ripon');
  });

  it("shows the server's message when the login fails", async () => {
    mockApi({
      'POST /api/auth/customer/login': {
        status: 422,
        body: { message: 'These credentials do not match our records.', code: 'invalid_credentials' },
      },
    });
    renderAt(<LoginForm />);
    await logIn();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('These credentials do not match our records.')).toBeInTheDocument();
  });

  it('says what an empty field needs, and shows a busy button while logging in (issue 13, defect 7)', async () => {
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    mockApi({
      'POST /api/auth/customer/login': () => envelope({ user: userWire }),
      'GET /api/auth/user': envelope(userWire),
    });
    const stubbed = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/login')) await held;
      return stubbed(input, init);
    }) as typeof fetch;
    renderAt(<LoginForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter your email address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(screen.queryByText(/character\(s\)/)).not.toBeInTheDocument();
    await logIn();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const busy = await screen.findByRole('button', { name: 'Logging in…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    answer();
    expect(await screen.findByRole('button', { name: 'Log in' })).not.toHaveAttribute('aria-busy');
    globalThis.fetch = stubbed;
  });
});
