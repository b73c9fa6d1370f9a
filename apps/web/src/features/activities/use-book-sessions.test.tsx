import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from '../../components/button';
import { cartItemWire, cartWire, occurrenceWire, userWire } from '../../test/fixtures';
import { envelope, mockApi, renderAt } from '../../test/render';
import { LoginModal, loginModal } from '../auth';
import { BookingDialogs } from './components/booking-dialogs';
import { type BookItem, useBookSessions } from './use-book-sessions';

const declaration = { id: 9, name: 'Yoga health declaration', type: 'pre-purchase-waiver', criteria: 'all' as const };

function Timetable({ item = { id: 'oc_spin', type: 'purchasableOccurrence' } }: { item?: BookItem }) {
  const booking = useBookSessions();
  return (
    <>
      <Button onPress={() => booking.book([item])}>Book Spin</Button>
      <BookingDialogs booking={booking} text="Added" />
      <LoginModal />
    </>
  );
}

/** A visitor until the login call succeeds, then the demo user. */
function shopApi() {
  let loggedIn = false;
  return mockApi({
    'GET /api/auth/user': () => (loggedIn ? envelope(userWire) : { status: 401, body: { message: 'Please log in to continue.' } }),
    'POST /api/auth/customer/login': () => {
      loggedIn = true;
      return envelope({ user: userWire });
    },
    'GET /api/checkout/cart': envelope(cartWire([])),
    'POST /api/checkout/cart/add': envelope(cartWire([cartItemWire(1, 'Spin')])),
  });
}

describe('Book as a visitor (issue 13, defect 2)', () => {
  it('asks them to log in, then adds what they chose and shows the added panel, with no second Book', async () => {
    const { calls } = shopApi();
    renderAt(<Timetable />);
    await userEvent.click(await screen.findByRole('button', { name: 'Book Spin' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/^Email address/), 'demo@example.com');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'demo-pass-2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Items added to basket' }, { timeout: 5000 })).toBeInTheDocument();
    const adds = calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/checkout/cart/add');
    expect(adds).toHaveLength(1);
    expect(adds[0]?.body).toMatchObject({ items: [{ id: 'oc_spin', type: 'purchasableOccurrence' }] });
  });

  it('forgets the action when the visitor closes the login without logging in', async () => {
    const { calls } = shopApi();
    renderAt(<Timetable />);
    await userEvent.click(await screen.findByRole('button', { name: 'Book Spin' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(loginModal.take('book-sessions', window.location.pathname)).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/checkout/cart/add')).toBe(false);
  });
});

describe('a session with a waiver to agree (doc 2: restrictions, decision 186)', () => {
  const terms = envelope({
    ...declaration,
    terms: '<p>I have no injury that makes yoga unsafe.</p>',
    related_category: null,
    terms_version: 1,
    valid_for_days: null,
  });
  const adds = (calls: ReturnType<typeof mockApi>['calls']) =>
    calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/checkout/cart/add');

  it('is added only once the customer agrees the waiver its row lists, sent as activity_restriction_ids', async () => {
    const { calls } = mockApi({
      'GET /api/auth/user': envelope(userWire),
      'GET /api/checkout/cart': envelope(cartWire([])),
      'GET /api/v1/activities/restrictions/9': terms,
      'POST /api/checkout/cart/add': envelope(cartWire([cartItemWire(1, 'Yoga Flow')])),
    });
    renderAt(<Timetable item={{ id: 'oc_yoga', type: 'purchasableOccurrence', waivers: [declaration] }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Book Spin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Before you book' });
    expect(await within(dialog).findByText('I have no injury that makes yoga unsafe.')).toBeInTheDocument();
    const agree = within(dialog).getByRole('button', { name: 'Agree and book' });
    expect(agree).toBeDisabled();
    expect(adds(calls)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'I agree to the Yoga health declaration' }));
    await userEvent.click(agree);
    expect(await screen.findByRole('heading', { name: 'Items added to basket' }, { timeout: 5000 })).toBeInTheDocument();
    expect(adds(calls)).toHaveLength(1);
    expect(adds(calls)[0]?.body).toEqual({ items: [{ id: 'oc_yoga', type: 'purchasableOccurrence', activity_restriction_ids: [9] }] });
  });

  it('learns of a waiver the page could not know (a fast-ticket time) from the refusal, asks it, then adds', async () => {
    let agreed = false;
    const { calls } = mockApi({
      'GET /api/auth/user': envelope(userWire),
      'GET /api/checkout/cart': envelope(cartWire([])),
      'GET /api/v1/activities/restrictions/9': terms,
      'GET /api/activities/oc_swim': envelope(
        occurrenceWire({
          id: 'oc_swim',
          restrictions: { pre_purchase_waiver: declaration, pre_purchase_induction: null, pre_purchase_waivers: [declaration] },
        }),
      ),
      'POST /api/checkout/cart/add': (_url, init) => {
        agreed = JSON.parse(String(init?.body)).items[0].activity_restriction_ids?.includes(9) ?? false;
        return agreed
          ? envelope(cartWire([cartItemWire(1, 'Public swim')]))
          : {
              status: 422,
              body: {
                message: 'Please agree to Yoga health declaration before booking.',
                errors: { 'items.0.activity_restriction_ids': ['Please agree to Yoga health declaration before booking.'] },
              },
            };
      },
    });
    renderAt(<Timetable item={{ id: 'oc_swim', type: 'purchasableOccurrence' }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Book Spin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Before you book' }, { timeout: 5000 });
    expect(within(dialog).getByText('Please agree to Yoga health declaration before booking.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'I agree to the Yoga health declaration' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agree and book' }));
    expect(await screen.findByRole('heading', { name: 'Items added to basket' }, { timeout: 5000 })).toBeInTheDocument();
    expect(adds(calls)).toHaveLength(2);
    await waitFor(() => expect(agreed).toBe(true));
  });
});
