import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartItemWire, cartWire, clientWire, userWire } from '../../../test/fixtures';
import { envelope, mockApi, renderAt, setViewport } from '../../../test/render';
import { AttendeesPage } from './attendees-page';

afterEach(() => vi.unstubAllGlobals());

const person = (userId: number, first: string, extra: Record<string, unknown> = {}) => ({
  id: null,
  user_id: userId,
  user_reference: `NO00000${userId}`,
  first_name: first,
  last_name: 'Morgan',
  email: `${first.toLowerCase()}@example.com`,
  occurrence: null,
  starts_at: null,
  created_at: null,
  waiver_current: false,
  required: true,
  ...extra,
});
const waiver = (userId: number, first: string) => ({
  restriction_id: 5,
  name: 'Holiday camp consent form',
  type: 'post-purchase-waiver',
  user_id: userId,
  first_name: first,
  last_name: 'Morgan',
  cart_item_ids: [1],
});

describe('the attendees page: searching attendees (doc 1: search, foundAttendees)', () => {
  it('lists only the people matching the search, keeps ticks made before, and says when nobody matches', async () => {
    setViewport('desktop');
    const cart = {
      ...cartWire([cartItemWire(1, 'Summer camp')]),
      attendee_waivers_required: 2,
      attendee_waivers: [waiver(1, 'Alex'), waiver(2, 'Sam')],
    };
    const { calls } = mockApi({
      'GET /api/client': envelope(clientWire()),
      'GET /api/auth/user': envelope(userWire),
      'GET /api/checkout/cart': envelope(cart),
      'GET /api/v1/activities/restrictions/5': envelope({ id: 5, name: 'Holiday camp consent form', terms: '<p>Terms</p>' }),
      'GET /api/activities/5/question-waivers/previous-attendees': (url) => {
        const q = url.searchParams.get('query')?.toLowerCase() ?? '';
        const all = [person(1, 'Alex'), person(2, 'Sam')];
        return envelope(all.filter((p) => `${p.first_name} ${p.last_name} ${p.email}`.toLowerCase().includes(q)));
      },
    });
    renderAt(<AttendeesPage />, { path: '/attendees' });
    await userEvent.click(await screen.findByText('I agree to the Holiday camp consent form for Alex Morgan'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find an attendee' }), 'sam');
    await waitFor(() => expect(screen.queryByText('I agree to the Holiday camp consent form for Alex Morgan')).not.toBeInTheDocument());
    expect(screen.getByText('I agree to the Holiday camp consent form for Sam Morgan')).toBeInTheDocument();
    // One request for the search, after the pause in typing, not one per key.
    const searches = calls.filter((c) => c.url.searchParams.has('query')).map((c) => c.url.searchParams.get('query'));
    expect(searches).toEqual(['sam']);
    await userEvent.click(screen.getByText('I agree to the Holiday camp consent form for Sam Morgan'));
    // Alex's tick, made before the search, still counts: both agreed, so the page can be saved.
    expect(screen.getByRole('button', { name: 'Save and continue to checkout' })).toBeEnabled();

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Find an attendee' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find an attendee' }), 'zed');
    expect(await screen.findByText('Nobody matches "zed".')).toBeInTheDocument();
  });
});
