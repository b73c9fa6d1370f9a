import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Breadcrumbs } from '../../../app/shell/breadcrumbs';
import { cartItemWire, cartWire, clientWire, money, userWire } from '../../../test/fixtures';
import { envelope, mockApi, renderAt } from '../../../test/render';
import { authKeys, loginModal } from '../../auth';
import { PricingPage } from './pricing-page';

const flex = {
  id: 7,
  name: 'Monthly Flex',
  description: 'Gym, swim and classes at any time.',
  price: money(3000),
  billing_period: 'monthly',
  held: null as string | null,
};
const gold = { id: 8, name: 'Annual Gold', description: null, price: money(30000), billing_period: 'annual', held: null as string | null };
const venue = (id: number, slug: string, name: string) => ({ id, venue_id: id, slug, name });
const unauthenticated = { status: 401, body: { message: 'Please log in to continue.', code: 'unauthenticated' } };

function api({
  joining = true,
  user = true,
  plans = { body: { data: [flex, gold] } } as { status?: number; body: unknown },
  add = envelope(cartWire([cartItemWire(1, 'Monthly Flex', { kind: 'membership' })]), 'Successfully added item to the basket.') as {
    status?: number;
    body: unknown;
  },
} = {}) {
  return mockApi({
    'GET /api/client': envelope(clientWire({}, { online_joining_enabled: joining })),
    'GET /api/auth/user': user ? envelope(userWire) : unauthenticated,
    'GET /api/online-joining/plans': plans,
    'GET /api/venues/online-joining': envelope([
      venue(1, 'harrogate', 'Harrogate Leisure Centre'),
      venue(2, 'ripon', 'Ripon Pool and Fitness'),
    ]),
    'GET /api/checkout/cart': envelope(cartWire([])),
    'POST /api/checkout/cart/add': add,
  });
}

const renderPricing = () =>
  renderAt(
    <>
      <Breadcrumbs />
      <PricingPage />
    </>,
    { path: '/pricing' },
  );

describe('the membership pricing page', () => {
  it('lists each plan with its description and its price per period, titled Membership pricing, under Home', async () => {
    api();
    renderPricing();
    expect(await screen.findByRole('heading', { name: 'Monthly Flex', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Membership pricing', level: 1 })).toBeInTheDocument();
    const flexCard = screen.getByRole('article', { name: 'Monthly Flex' });
    expect(within(flexCard).getByText('Gym, swim and classes at any time.')).toBeInTheDocument();
    expect(within(flexCard).getByText('£30.00 a month')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Annual Gold' })).getByText('£300.00 a year')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join Monthly Flex' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join Annual Gold' })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(trail).getByText('Membership pricing')).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Northfield Leisure | Membership pricing'));
  });

  it('puts the plan in the basket as a new membership from the keyboard, and opens "Items added to basket"', async () => {
    const { calls } = api();
    const { queryClient } = renderPricing();
    const join = await screen.findByRole('button', { name: 'Join Monthly Flex' });
    await waitFor(() => expect(queryClient.getQueryData(authKeys.user())).toBeTruthy());
    await userEvent.tab();
    while (document.activeElement !== join) await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    // What joining means comes first, with the home venue chosen there (issue 13, defect 14).
    const review = await screen.findByRole('dialog', { name: 'Join Monthly Flex' });
    expect(within(review).getByText('£30.00 a month')).toBeInTheDocument();
    expect(within(review).getByText(/^The day you pay: /)).toBeInTheDocument();
    expect(within(review).getByText(/It does not renew by itself, so there is nothing to cancel/)).toBeInTheDocument();
    await waitFor(() => expect(within(review).getByRole('button', { name: /Home venue/ })).toHaveTextContent('Harrogate Leisure Centre'));
    await userEvent.click(within(review).getByRole('button', { name: /Home venue/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ripon Pool and Fitness' }));
    await userEvent.click(within(review).getByRole('button', { name: 'Add to basket' }));
    const panel = await screen.findByRole('dialog', { name: 'Items added to basket' });
    expect(within(panel).getByText('Your membership is in your basket. Check out to join.')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/basket/checkout');
    // The toast library loads with the first notice (decision 210).
    expect(await screen.findByText('Successfully added item to the basket.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ items: [{ id: 7, type: 'membership', home_venue_id: 2 }] });
  });

  it("shows a member 'Your membership' on the plan they hold, and offers a change of plan on the others (issue 13, defect 14)", async () => {
    const { calls } = api({
      plans: envelope([
        { ...flex, held: 'this_plan' },
        { ...gold, held: 'another_plan' },
      ]),
    });
    const { queryClient } = renderPricing();
    const mine = await screen.findByRole('article', { name: 'Monthly Flex' });
    expect(within(mine).getByText('Your membership')).toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: 'See it in My account' })).toHaveAttribute('href', '/account/memberships');
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(authKeys.user())).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Change to Annual Gold' }));
    const review = await screen.findByRole('dialog', { name: 'Change to Annual Gold' });
    expect(within(review).getByText('Your current membership ends the day you pay for this one.')).toBeInTheDocument();
    await userEvent.click(within(review).getByRole('button', { name: 'Add to basket' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ items: [{ id: 8, type: 'membershipChange', home_venue_id: 1 }] }),
    );
  });

  it('asks a visitor to log in instead of adding, as a timetable does', async () => {
    const { calls } = api({ user: false });
    const { queryClient } = renderPricing();
    await waitFor(() => expect(queryClient.getQueryState(authKeys.user())?.status).toBe('success'));
    await userEvent.click(await screen.findByRole('button', { name: 'Join Annual Gold' }));
    expect(loginModal.isOpen()).toBe(true);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    loginModal.close();
  });

  it('opens the review of the plan a visitor pressed Join on once they have logged in (issue 13, defect 2)', async () => {
    let loggedIn = false;
    mockApi({
      'GET /api/client': envelope(clientWire({}, { online_joining_enabled: true })),
      'GET /api/auth/user': () => (loggedIn ? envelope(userWire) : unauthenticated),
      'GET /api/online-joining/plans': { body: { data: [flex, gold] } },
      'GET /api/venues/online-joining': envelope([venue(1, 'harrogate', 'Harrogate Leisure Centre')]),
      'GET /api/checkout/cart': envelope(cartWire([])),
    });
    const { queryClient } = renderPricing();
    await waitFor(() => expect(queryClient.getQueryState(authKeys.user())?.status).toBe('success'));
    await userEvent.click(await screen.findByRole('button', { name: 'Join Annual Gold' }));
    expect(loginModal.isOpen()).toBe(true);
    loggedIn = true;
    await queryClient.refetchQueries({ queryKey: authKeys.user() });
    loginModal.closeKeepingAction();
    const review = await screen.findByRole('dialog', { name: 'Join Annual Gold' });
    // With one venue to choose from, the review says which it is (issue 13, defect 14).
    const venueTerm = await within(review).findByText('Home venue');
    expect(venueTerm.nextElementSibling).toHaveTextContent('Harrogate Leisure Centre');
    expect(within(review).getByRole('button', { name: 'Add to basket' })).toBeEnabled();
  });

  it('leaves the panel closed when the basket refuses the plan (the app shows the refusal as a notice)', async () => {
    const { calls } = api({ add: { status: 409, body: { message: 'You already have an active membership.', code: 'already_member' } } });
    const { queryClient } = renderPricing();
    const join = await screen.findByRole('button', { name: 'Join Monthly Flex' });
    await waitFor(() => expect(queryClient.getQueryData(authKeys.user())).toBeTruthy());
    await userEvent.click(join);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Join Monthly Flex' })).getByRole('button', { name: 'Add to basket' }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Join Monthly Flex' })).toBeEnabled());
    expect(screen.queryByRole('dialog', { name: 'Items added to basket' })).not.toBeInTheDocument();
    expect(loginModal.isOpen()).toBe(false);
  });

  it('says so when there is nothing to buy online', async () => {
    api({ plans: envelope([]) });
    renderPricing();
    expect(await screen.findByText('There are no memberships to buy online at the moment.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Join/ })).not.toBeInTheDocument();
  });

  it('says so when the plans fail to load', async () => {
    api({ plans: { status: 500, body: { message: 'Something has gone wrong, please try again.', code: 'internal' } } });
    renderPricing();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the memberships, please try again.');
  });

  it('is the not-found page where the client has no online joining, and asks for no plans', async () => {
    const { calls } = api({ joining: false });
    renderPricing();
    expect(await screen.findByRole('heading', { name: "Whoops! Looks like you've gone offside." })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/online-joining/plans')).toBe(false);
  });
});
