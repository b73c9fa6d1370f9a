import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, mockApi, renderAt } from '../../../test/render';
import { ForgottenPasswordPage } from './forgotten-password-page';
import { ResetPasswordPage } from './reset-password-page';

const token = 'a'.repeat(43);

/** The page title reads the client with a GET; what these screens send is their POSTs. */
const posts = (calls: { method: string; body: unknown }[]) => calls.filter((call) => call.method === 'POST');

describe('forgotten and reset password', () => {
  it("sends the email or reference and shows the server's answer", async () => {
    const { calls } = mockApi({
      'POST /api/auth/customer/forgotten-password': envelope(
        null,
        'If an account matches, we have emailed you a link to reset your password.',
      ),
    });
    renderAt(<ForgottenPasswordPage />, { path: '/forgotten-password' });
    await userEvent.type(screen.getByLabelText(/Email address or customer reference/), 'NO000001');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('If an account matches, we have emailed you a link to reset your password.')).toBeInTheDocument();
    expect(posts(calls)[0]?.body).toEqual({ email_or_reference: 'NO000001' });
  });

  it('refuses two different passwords before asking the server', async () => {
    const { calls } = mockApi({});
    renderAt(<ResetPasswordPage />, { path: '/reset-password', at: `/reset-password?token=${token}` });
    await userEvent.type(screen.getByLabelText(/^New password/), 'a-new-password');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'another-password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('sets the new password with the token and says so', async () => {
    const { calls } = mockApi({
      'POST /api/auth/customer/reset-password': envelope(null, 'Your password has been reset. You can now log in.'),
    });
    renderAt(<ResetPasswordPage />, { path: '/reset-password', at: `/reset-password?token=${token}` });
    await userEvent.type(screen.getByLabelText(/^New password/), 'a-new-password');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'a-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Your password has been reset. You can now log in.')).toBeInTheDocument();
    expect(posts(calls)[0]?.body).toEqual({ token, password: 'a-new-password' });
  });

  it('shows an expired link and offers a new one', async () => {
    mockApi({
      'POST /api/auth/customer/reset-password': {
        status: 422,
        body: {
          message: 'This password reset link is invalid or has expired.',
          code: 'reset_link_invalid',
          errors: { token: ['This password reset link is invalid or has expired.'] },
        },
      },
    });
    renderAt(<ResetPasswordPage />, { path: '/reset-password', at: `/reset-password?token=${token}` });
    await userEvent.type(screen.getByLabelText(/^New password/), 'a-new-password');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'a-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('This password reset link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgotten-password');
  });
});
