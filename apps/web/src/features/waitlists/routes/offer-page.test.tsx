import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { money, userWire } from '../../../test/fixtures';
import { envelope, mockApi, renderAt } from '../../../test/render';
import { loginModal } from '../../auth';
import { WaitlistOfferPage } from './offer-page';

const offer = (status: string) => ({
  occurrence_id: 'oc_full',
  name: 'Spin',
  starts_at: {
    utc: '2030-01-07T07:00:00.000Z',
    local: '2030-01-07T07:00:00+00:00',
    timezone: 'Europe/London',
    text: '2030-01-07 07:00:00',
    format_24_hour: '07:00',
  },
  status,
  expires_at: '2030-01-06T09:00:00.000Z',
  price: money(650),
  restrictions: null as unknown,
});
const at = { path: '/waitlist-offer/:token', at: '/waitlist-offer/tok-1' };
const user = { 'GET /api/auth/user': envelope(userWire) };

describe('the waitlist offer page (the link in the offer email)', () => {
  it('puts the place held for the customer in their basket and goes there', async () => {
    const { calls } = mockApi({
      ...user,
      'GET /api/waitlist-offers/tok-1': envelope(offer('offered')),
      'POST /api/waitlist-offers/tok-1/accept': envelope({}),
    });
    renderAt(<WaitlistOfferPage />, at);
    expect(await screen.findByRole('heading', { name: 'A place is held for you', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Spin')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to basket (£6.50)' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/waitlist-offers/tok-1/accept')).toBe(true);
  });

  it('asks for the session’s waiver before the place goes into the basket, and sends it agreed', async () => {
    const rules = { id: 7, name: 'Gym rules', type: 'pre-purchase-waiver', criteria: 'all', related_category: null };
    const { calls } = mockApi({
      ...user,
      'GET /api/waitlist-offers/tok-1': envelope({
        ...offer('offered'),
        restrictions: { pre_purchase_waiver: rules, pre_purchase_induction: null, pre_purchase_waivers: [rules] },
      }),
      'GET /api/v1/activities/restrictions/7': envelope({
        ...rules,
        terms: '<p>Wipe the machines down.</p>',
        terms_version: 1,
        valid_for_days: null,
      }),
      'POST /api/waitlist-offers/tok-1/accept': envelope({}),
    });
    renderAt(<WaitlistOfferPage />, at);
    expect(await screen.findByText('Wipe the machines down.')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add to basket (£6.50)' });
    expect(add).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the Gym rules' }));
    await userEvent.click(add);
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    const accepted = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/waitlist-offers/tok-1/accept');
    expect(accepted?.body).toEqual({ activity_restriction_ids: [7] });
  });

  it('says the place is no longer held once the offer has run out or was never theirs', async () => {
    mockApi({ ...user, 'GET /api/waitlist-offers/tok-1': envelope(offer('expired')) });
    const view = renderAt(<WaitlistOfferPage />, at);
    expect(await screen.findByText('This place is no longer held for you.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add to basket/ })).not.toBeInTheDocument();
    view.unmount();

    mockApi(user);
    renderAt(<WaitlistOfferPage />, at);
    expect(await screen.findByText('This place is no longer held for you.')).toBeInTheDocument();
  });

  it('asks a visitor (the email opened on another device) to log in, rather than saying the place is gone', async () => {
    const { calls } = mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Please log in to continue.' } } });
    renderAt(<WaitlistOfferPage />, at);
    expect(await screen.findByText('Log in to book the place held for you.')).toBeInTheDocument();
    expect(screen.queryByText('This place is no longer held for you.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(loginModal.isOpen()).toBe(true);
    loginModal.close();
    await waitFor(() => expect(calls.some((c) => c.url.pathname.startsWith('/api/waitlist-offers'))).toBe(false));
  });
});
