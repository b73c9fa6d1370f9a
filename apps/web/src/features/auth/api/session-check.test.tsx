import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionBelief } from '../../../lib/api';
import { userWire } from '../../../test/fixtures';
import { envelope, mockApi, renderAt } from '../../../test/render';
import { SESSION_CHECK_MS, useUser } from './get-user';

function WhoAmI() {
  const { user, isPending } = useUser();
  if (isPending) return <p>Checking</p>;
  return <p>{user ? `Logged in as ${user.firstName}` : 'Visitor'}</p>;
}

const unauthenticated = { status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } };

describe('the session re-check', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    sessionBelief.set(false);
  });

  it('asks the server every 5 s while logged in, and signs out (clear and reload) once the session is gone', async () => {
    const lost = vi.fn();
    sessionBelief.onLost(lost);
    let sessionValid = true;
    const { calls } = mockApi({ 'GET /api/auth/user': () => (sessionValid ? envelope(userWire) : unauthenticated) });
    renderAt(<WhoAmI />);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByText('Logged in as Alex')).toBeInTheDocument();
    const checks = () => calls.filter((c) => c.url.pathname === '/api/auth/user').length;
    expect(checks()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_MS - 100));
    expect(checks()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(checks()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_MS));
    expect(checks()).toBe(3);
    expect(lost).not.toHaveBeenCalled();

    // Logged out elsewhere (another tab, an expired session): the next check signs this tab out.
    sessionValid = false;
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_MS));
    expect(checks()).toBe(4);
    expect(lost).toHaveBeenCalledTimes(1);
    expect(sessionBelief.loggedIn).toBe(false);
  });

  it('does not poll for a visitor, who has no session to lose', async () => {
    const lost = vi.fn();
    sessionBelief.onLost(lost);
    const { calls } = mockApi({ 'GET /api/auth/user': unauthenticated });
    renderAt(<WhoAmI />);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByText('Visitor')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_MS * 4));
    expect(calls.filter((c) => c.url.pathname === '/api/auth/user')).toHaveLength(1);
    expect(lost).not.toHaveBeenCalled();
  });
});
