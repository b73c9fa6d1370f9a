import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { userWire } from '../../../test/fixtures';
import { envelope, mockApi, renderAt } from '../../../test/render';
import { authKeys, loginModal } from '../../auth';
import { WaitlistButton } from './waitlist-button';

const entry = {
  id: 41,
  user_id: 1,
  user_reference: 'NO000001',
  first_name: 'Alex',
  last_name: 'Morgan',
  email: 'demo@example.com',
  occurrence: { occurrence_id: 'oc_full', name: 'Spin' },
  starts_at: '2030-01-07T18:30:00.000Z',
  created_at: '2030-01-01T10:00:00.000Z',
};
const user = { 'GET /api/auth/user': envelope(userWire) };

describe('the waitlist button', () => {
  it('joins, says "Successfully joined the waitlist.", and leaves by the entry id it was given', async () => {
    const { calls } = mockApi({
      ...user,
      'POST /api/activities/waitlist/add': envelope(entry, 'Successfully joined the waitlist.'),
      'DELETE /api/activities/waitlist/remove/41': envelope(null),
    });
    const view = renderAt(<WaitlistButton occurrenceId="oc_full" action="join_waitlist" sessionLabel="Spin at 18:30 - 19:15" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Join waitlist for Spin at 18:30 - 19:15' }));
    expect(await screen.findByText('Successfully joined the waitlist.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ item: { id: 'oc_full', type: 'purchasableOccurrence' } });
    view.unmount();

    renderAt(<WaitlistButton occurrenceId="oc_full" action="leave_waitlist" sessionLabel="Spin at 18:30 - 19:15" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Leave waitlist for Spin at 18:30 - 19:15' }));
    expect(await screen.findByText('Successfully removed from the waitlist.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/activities/waitlist/remove/41')).toBe(true);
  });

  it('leaves as the signed-in member when the entry id is not known (after a reload)', async () => {
    const { calls } = mockApi({ ...user, 'DELETE /api/v1/activities/occurrences/oc_other/waitlist/members/1': envelope(null) });
    renderAt(<WaitlistButton occurrenceId="oc_other" action="leave_waitlist" sessionLabel="Spin at 18:30 - 19:15" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Leave waitlist for Spin at 18:30 - 19:15' }));
    expect(await screen.findByText('Successfully removed from the waitlist.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([
      '/api/v1/activities/occurrences/oc_other/waitlist/members/1',
    ]);
  });

  it("shows the server's message when it refuses, else the shared default", async () => {
    mockApi({
      ...user,
      'POST /api/activities/waitlist/add': {
        status: 409,
        body: { message: 'The waitlist for this session is full.', code: 'waitlist_unavailable' },
      },
    });
    const view = renderAt(<WaitlistButton occurrenceId="oc_full" action="join_waitlist" sessionLabel="Spin at 18:30 - 19:15" />);
    await userEvent.click(await screen.findByRole('button', { name: /^Join waitlist/ }));
    expect(await screen.findByText('The waitlist for this session is full.')).toBeInTheDocument();
    view.unmount();

    mockApi({ ...user, 'POST /api/activities/waitlist/add': { status: 500, body: null } });
    renderAt(<WaitlistButton occurrenceId="oc_full" action="join_waitlist" sessionLabel="Spin at 18:30 - 19:15" />);
    await userEvent.click(await screen.findByRole('button', { name: /^Join waitlist/ }));
    expect(await screen.findByText('Something went wrong, please try again.')).toBeInTheDocument();
  });

  it('asks a visitor to log in first', async () => {
    const { calls } = mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Please log in to continue.' } } });
    renderAt(<WaitlistButton occurrenceId="oc_full" action="join_waitlist" sessionLabel="Spin at 18:30 - 19:15" />);
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/auth/user')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: /^Join waitlist/ }));
    expect(loginModal.isOpen()).toBe(true);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    loginModal.close();
  });

  it('joins the waitlist once the visitor has logged in from its button (issue 13, defect 2)', async () => {
    let loggedIn = false;
    const { calls } = mockApi({
      'GET /api/auth/user': () => (loggedIn ? envelope(userWire) : { status: 401, body: { message: 'Please log in to continue.' } }),
      'POST /api/activities/waitlist/add': envelope(entry, 'Successfully joined the waitlist.'),
    });
    const { queryClient } = renderAt(<WaitlistButton occurrenceId="oc_full" action="join_waitlist" sessionLabel="Spin at 18:30 - 19:15" />);
    await waitFor(() => expect(queryClient.getQueryState(authKeys.user())?.status).toBe('success'));
    await userEvent.click(screen.getByRole('button', { name: /^Join waitlist/ }));
    expect(loginModal.isOpen()).toBe(true);
    // The login form's success: the session is there, and the modal closes keeping what was pressed.
    loggedIn = true;
    await queryClient.refetchQueries({ queryKey: authKeys.user() });
    loginModal.closeKeepingAction();
    expect(await screen.findByText('Successfully joined the waitlist.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { item: { id: 'oc_full', type: 'purchasableOccurrence' } },
    ]);
  });
});
