import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { deskMode } from '../../lib/desk-mode';
import { cartWire, clientWire, money, occurrenceWire } from '../../test/fixtures';
import { envelope, mockApi, renderAt, setViewport } from '../../test/render';
import { StaffRoutes } from './routes';

const me = {
  id: 7,
  first_name: 'Jamie',
  last_name: 'Reception',
  email: 'staff@example.com',
  roles: ['front_desk'],
  client: { id: 1, identifier: 'northfield', name: 'Northfield Leisure' },
  desk_idle_minutes: 15,
};
const person = (id: number, first: string) => ({
  id,
  reference: `NF-${id}`,
  first_name: first,
  last_name: 'Morgan',
  email: null,
  phone: null,
  date_of_birth: null,
  barcode: null,
});
const record = {
  customer: { ...person(11, 'Alex'), email: 'demo@example.com' },
  credit: { balance: 0, ledger: [] },
  penalties: [],
  has_outstanding_penalties: false,
  linked_users: [person(12, 'Sam')],
  waivers: [],
  memberships: [],
  packages: [],
  past_bookings: [],
  strikes: [],
};
const harrogate = { id: 1, slug: 'harrogate', name: 'Harrogate Leisure Centre' };
const category = (id: number, name: string, slug: string, bookingType: string | null, children: unknown[] = []) => ({
  id,
  name,
  slug,
  booking_type: bookingType,
  v2_type: bookingType === 'classes' ? 'classes' : null,
  parent: null,
  children,
  locations: [{ venue_slug: 'harrogate' }],
});
const lessons = {
  ...category(8, 'Swimming lessons', 'swimming-lessons', 'courses'),
  parent: { id: 6, name: 'Swimming', slug: 'swimming' },
};
const at = (day: string, time: string) => ({
  utc: `${day}T${time}:00.000Z`,
  local: `${day}T${time}:00+00:00`,
  timezone: 'Europe/London',
  text: `${day} ${time}:00`,
  format_24_hour: time,
});
const course = {
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
  occurrences: ['2030-01-02', '2030-01-09'].map((d) =>
    occurrenceWire({ id: `oc_${d}`, booking_type: 'courses', starts_at: at(d, '19:00'), ends_at: at(d, '19:45') }),
  ),
  bookable_action: { action: 'book', message: null },
  custom_question_sections: [],
  extras: [],
};

afterEach(() => deskMode.leave());

describe('courses and camps at the desk (decision 260)', () => {
  it("lists course and camp categories, and books a course for a linked user from the customers' own pages in desk mode", async () => {
    setViewport('desktop');
    const { calls } = mockApi({
      'GET /api/staff/me': envelope(me),
      'GET /api/staff/customers/11': envelope(record),
      'GET /api/activities/venues': envelope([harrogate]),
      'GET /api/activities/venues/harrogate': envelope(harrogate),
      'GET /api/client': envelope(clientWire({}, { camps_and_courses_booking_enabled: true })),
      'GET /api/activities/venue/harrogate/categories': envelope([
        category(2, 'Spin', 'spin', 'classes'),
        category(6, 'Swimming', 'swimming', null, [lessons]),
        category(9, 'Holiday camps', 'holiday-camps', null, [category(10, 'Multi-sport camp', 'multi-sport-camp', 'camps')]),
      ]),
      'GET /api/activities/venue/harrogate/categories/swimming-lessons': envelope(lessons),
      'GET /api/v1/activities/courses': { body: { data: [course], meta: { current_page: 1, total_pages: 1 } } },
      'GET /api/v1/activities/courses/adult-improvers-swimming-5': envelope(course),
      'GET /api/checkout/cart': envelope(cartWire([])),
      'POST /api/checkout/cart/add': envelope(cartWire([])),
    });
    renderAt(<StaffRoutes />, { path: '/staff/*', at: '/staff/customers/11/book?for=12&venue=harrogate' });

    const activity = await screen.findByRole('combobox', { name: 'Activity' });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Swimming: Swimming lessons' })).toBeInTheDocument());
    expect(screen.getByRole('option', { name: 'Holiday camps: Multi-sport camp' })).toBeInTheDocument();
    await userEvent.selectOptions(activity, 'swimming-lessons');
    await userEvent.click(await screen.findByRole('link', { name: 'See the courses: Swimming: Swimming lessons' }));

    await userEvent.click(await screen.findByRole('link', { name: 'Book this course: Adult improvers swimming' }));
    expect(await screen.findByRole('heading', { name: 'Adult improvers swimming', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Booking for Sam Morgan')).toBeInTheDocument();
    const seen = calls.filter((c) => c.url.pathname.startsWith('/api/v1/activities/courses'));
    expect(seen.map((c) => c.url.searchParams.get('source'))).toEqual(seen.map(() => 'foh'));
    expect(seen.at(-1)?.url.searchParams.get('selected_user_id')).toBe('12');

    await userEvent.click(screen.getAllByRole('button', { name: 'Add to basket' })[0] as HTMLElement);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      selected_user_id: 11,
      items: [{ purchasable_id: 5, purchasable_type: 'course', purchased_for_user_id: 12 }],
    });
    expect(await screen.findByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/staff/customers/11/checkout?for=12');
  });
});
