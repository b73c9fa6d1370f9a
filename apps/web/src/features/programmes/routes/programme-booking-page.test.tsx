import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartWire, clientWire, money, occurrenceWire, userWire } from '../../../test/fixtures';
import { envelope, mockApi, renderRouter, setViewport } from '../../../test/render';
import { LoginModal } from '../../auth';
import { ProgrammeBookingPage } from './programme-booking-page';

const harrogate = { id: 1, slug: 'harrogate', name: 'Harrogate Leisure Centre' };
/** A zoned time as the API writes it: `local` on the centre's clock (summer time in July). */
const at = (day: string, time: string, offset = '+00:00', utc = `${day}T${time}:00.000Z`) => ({
  utc,
  local: `${day}T${time}:00${offset}`,
  timezone: 'Europe/London',
  text: `${day} ${time}:00`,
  format_24_hour: time,
});
const session = (day: string, over: Record<string, unknown> = {}) =>
  occurrenceWire({ id: `oc_${day}`, booking_type: 'camps', starts_at: at(day, '09:00'), ends_at: at(day, '15:00'), ...over });

const course = (over: Record<string, unknown> = {}) => ({
  id: 5,
  name: 'Adult improvers swimming',
  slug: 'adult-improvers-swimming-5',
  description: null,
  duration_in_weeks: 6,
  category: { id: 8, name: 'Swimming lessons', slug: 'swimming-lessons', booking_type: 'courses' },
  venue: harrogate,
  starts_at: at('2030-01-02', '19:00'),
  ends_at: at('2030-02-06', '19:45'),
  instructors: [],
  price: money(4800),
  pro_rata_price: null,
  capacity: { available: 7, consumed: 3, maximum: 10 },
  allow_customer_book_course_after_start: true,
  occurrences: ['2030-01-02', '2030-01-09'].map((d) => session(d, { booking_type: 'courses' })),
  bookable_action: { action: 'book', message: null },
  custom_question_sections: [],
  extras: [],
  ...over,
});

const camp = (over: Record<string, unknown> = {}) =>
  course({
    id: 6,
    name: 'Summer camp',
    slug: 'summer-camp-6',
    category: { id: 10, name: 'Multi-sport camp', slug: 'multi-sport-camp', booking_type: 'camps' },
    price: money(9500),
    pricing_option_availability: ['bundled', 'individual'],
    duration_in_weeks: 1,
    ...over,
  });

/** The app's API for the page: a visitor until `loggedIn` (or the login call), then the demo customer. */
function pageApi(programme: unknown, options: { loggedIn?: boolean; extra?: Parameters<typeof mockApi>[0] } = {}) {
  let loggedIn = options.loggedIn ?? true;
  const path = (programme as { category: { booking_type: string } }).category.booking_type;
  const slug = (programme as { slug: string }).slug;
  return mockApi({
    'GET /api/client': envelope(clientWire({}, { camps_and_courses_booking_enabled: true })),
    'GET /api/activities/venues/harrogate': envelope(harrogate),
    'GET /api/auth/user': () => (loggedIn ? envelope(userWire) : { status: 401, body: { message: 'Please log in to continue.' } }),
    'POST /api/auth/customer/login': () => {
      loggedIn = true;
      return envelope({ user: userWire });
    },
    'GET /api/my-account/linked-users': envelope([]),
    'GET /api/checkout/cart': envelope(cartWire([])),
    [`GET /api/v1/activities/${path}/${slug}`]: envelope(programme),
    'POST /api/checkout/cart/add': envelope(cartWire([])),
    ...options.extra,
  });
}

function renderPage(kind: 'courses' | 'camps', slug: string, activity: string) {
  const prefix = `/${kind}/location/:venueSlug/:activitySlug/:${kind === 'courses' ? 'courseSlug' : 'campSlug'}/book`;
  return renderRouter(
    createMemoryRouter(
      [
        {
          path: prefix,
          element: (
            <>
              <ProgrammeBookingPage kind={kind} />
              <LoginModal />
            </>
          ),
        },
        { path: '/basket/checkout', element: <h1>Checkout</h1> },
        { path: '*', element: <p>Elsewhere</p> },
      ],
      { initialEntries: [`/${kind}/location/harrogate/${activity}/${slug}/book`] },
    ),
  );
}

/** The page draws its actions twice (beside the summary, and in the phone's bar); the desktop's come first. */
const button = (name: string) => screen.getAllByRole('button', { name })[0] as HTMLElement;
const adds = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/checkout/cart/add');

beforeEach(() => setViewport('desktop'));

describe('the course booking page', () => {
  it("opens the login modal on a visitor's 'Checkout now', then adds the course and goes to checkout once they log in", async () => {
    const { calls } = pageApi(course(), { loggedIn: false });
    renderPage('courses', 'adult-improvers-swimming-5', 'swimming-lessons');
    expect(await screen.findByRole('heading', { name: 'Adult improvers swimming', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Log in to book for yourself or someone linked to your account.')).toBeInTheDocument();
    await userEvent.click(button('Checkout now'));

    const dialog = await screen.findByRole('dialog');
    expect(adds(calls)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/^Email address/), 'demo@example.com');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'demo-pass-2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Checkout' }, { timeout: 5000 })).toBeInTheDocument();
    expect(adds(calls)).toHaveLength(1);
    // Doc 2's basket item for a course, in its own words.
    expect(adds(calls)[0]?.body).toEqual({
      items: [
        {
          purchasable_id: 5,
          purchasable_type: 'course',
          quantity: 1,
          activity_restriction_ids: [],
          custom_question_answers: [],
          extras: [],
        },
      ],
    });
  });

  it('asks for every waiver gating the booking, waits for all of them, and sends each one agreed', async () => {
    const waiver = (id: number, name: string) => ({ id, name, type: 'pre-purchase-waiver', criteria: 'all', related_category: null });
    const both = [waiver(31, 'Pool code of conduct'), waiver(32, 'Swimming lessons safety waiver')];
    const restrictions = { pre_purchase_waiver: both[0], pre_purchase_induction: null, pre_purchase_waivers: both };
    const terms = (id: number, name: string) =>
      envelope({
        id,
        name,
        type: 'pre-purchase-waiver',
        terms: `<p>${name} terms</p>`,
        related_category: null,
        terms_version: 1,
        valid_for_days: null,
      });
    const { calls } = pageApi(
      course({ occurrences: ['2030-01-02', '2030-01-09'].map((d) => session(d, { booking_type: 'courses', restrictions })) }),
      {
        extra: {
          'GET /api/v1/activities/restrictions/31': terms(31, 'Pool code of conduct'),
          'GET /api/v1/activities/restrictions/32': terms(32, 'Swimming lessons safety waiver'),
        },
      },
    );
    renderPage('courses', 'adult-improvers-swimming-5', 'swimming-lessons');
    expect(await screen.findByText('Pool code of conduct terms')).toBeInTheDocument();
    expect(await screen.findByText('Swimming lessons safety waiver terms')).toBeInTheDocument();
    expect(screen.getAllByText('Unavailable: agree to waiver')[0]).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the Pool code of conduct' }));
    expect(button('Add to basket')).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the Swimming lessons safety waiver' }));
    await waitFor(() => expect(button('Add to basket')).toBeEnabled());
    await userEvent.click(button('Add to basket'));
    await waitFor(() => expect(adds(calls)).toHaveLength(1));
    expect(adds(calls)[0]?.body).toMatchObject({ items: [{ activity_restriction_ids: [31, 32] }] });
  });
});

describe('the camp booking page', () => {
  it('books the days that can be had when one day is full, though the whole camp says sold out', async () => {
    const full = { capacity: { available: 0, consumed: 20, maximum: 20 }, bookable_action: { action: 'join_waitlist', message: null } };
    const { calls } = pageApi(
      camp({
        bookable_action: { action: null, message: 'Sold out' },
        occurrences: [
          session('2030-07-15', { price: money(2200) }),
          session('2030-07-16', { price: money(2200), ...full }),
          session('2030-07-17', { price: money(2200) }),
        ],
      }),
    );
    renderPage('camps', 'summer-camp-6', 'multi-sport-camp');
    // Forced to individual sessions, the days with a place ticked.
    const sessions = await screen.findByRole('group', { name: 'Sessions' });
    expect(
      within(sessions)
        .getAllByRole('checkbox')
        .map((c) => (c as HTMLInputElement).checked),
    ).toEqual([true, false, true]);
    expect(screen.getByRole('radio', { name: 'Individual sessions' })).toBeChecked();
    expect(screen.queryByText('Unavailable: Sold out')).not.toBeInTheDocument();
    await waitFor(() => expect(button('Add to basket')).toBeEnabled());
    await userEvent.click(button('Add to basket'));
    await waitFor(() => expect(adds(calls)).toHaveLength(1));
    expect(adds(calls)[0]?.body).toMatchObject({
      items: [{ purchasable_type: 'camp', booking_full_camp: false, camp_occurrence_ids: ['oc_2030-07-15', 'oc_2030-07-17'] }],
    });
  });

  it('counts weeks on the centre’s calendar for a camp starting just after midnight in summer time', async () => {
    // 00:30 on Monday 15 July 2030 in London is 23:30 on Sunday 14 July in UTC.
    const days = ['15', '16', '17', '18', '19', '20', '21', '22'].map((d) =>
      session(`2030-07-${d}`, {
        starts_at: at(`2030-07-${d}`, '00:30', '+01:00', `2030-07-${Number(d) - 1}T23:30:00.000Z`),
        ends_at: at(`2030-07-${d}`, '06:00', '+01:00'),
        price: money(2200),
      }),
    );
    pageApi(
      camp({
        pricing_option_availability: ['individual'],
        duration_in_weeks: 2,
        starts_at: days[0]?.starts_at,
        ends_at: days[7]?.ends_at,
        occurrences: days,
      }),
    );
    renderPage('camps', 'summer-camp-6', 'multi-sport-camp');
    const week1 = (await screen.findByText('Week 1')).parentElement as HTMLElement;
    const week2 = screen.getByText('Week 2').parentElement as HTMLElement;
    expect(within(week1).getAllByRole('checkbox')).toHaveLength(7);
    expect(within(week2).getAllByRole('checkbox')).toHaveLength(1);
  });
});
