import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientWire, money, occurrenceWire } from '../../../test/fixtures';
import { envelope, mockApi, renderAt } from '../../../test/render';
import { ProgrammeCategoriesPage } from './programme-categories-page';
import { ProgrammeDetailsPage } from './programme-details-page';
import { ProgrammeListPage } from './programme-list-page';

const harrogate = { id: 1, slug: 'harrogate', name: 'Harrogate Leisure Centre' };
const at = (day: string, time: string) => ({
  utc: `${day}T${time}:00.000Z`,
  local: `${day}T${time}:00+00:00`,
  timezone: 'Europe/London',
  text: `${day} ${time}:00`,
  format_24_hour: time,
});
const session = (day: string) =>
  occurrenceWire({
    id: `oc_${day}`,
    booking_type: 'courses',
    starts_at: at(day, '19:00'),
    ends_at: at(day, '19:45'),
    location_name: 'Main pool',
  });

const course = (over: Record<string, unknown> = {}) => ({
  id: 5,
  name: 'Adult improvers swimming',
  slug: 'adult-improvers-swimming-5',
  description: 'Six weekly lessons to build stroke technique and confidence.',
  duration_in_weeks: 6,
  category: { id: 8, name: 'Swimming lessons', slug: 'swimming-lessons', booking_type: 'courses' },
  venue: harrogate,
  starts_at: at('2030-01-02', '19:00'),
  ends_at: at('2030-02-06', '19:45'),
  instructors: ['Alex Murray'],
  price: money(4800),
  pro_rata_price: null,
  capacity: { available: 7, consumed: 3, maximum: 10 },
  allow_customer_book_course_after_start: true,
  occurrences: ['2030-01-02', '2030-01-09'].map(session),
  bookable_action: { action: 'book', message: null },
  custom_question_sections: [],
  extras: [],
  ...over,
});

const category = {
  id: 8,
  name: 'Swimming lessons',
  slug: 'swimming-lessons',
  booking_type: 'courses',
  parent: { id: 6, name: 'Swimming', slug: 'swimming' },
  children: [],
};
const routes = {
  'GET /api/client': envelope(clientWire()),
  'GET /api/activities/venues/harrogate': envelope(harrogate),
  'GET /api/activities/venue/harrogate/categories/swimming-lessons': envelope(category),
};

describe('course pages', () => {
  it('lists the venue’s course categories', async () => {
    mockApi({
      ...routes,
      'GET /api/v1/activities/categories/bookable': envelope([
        {
          ...category,
          id: 1,
          name: 'Fitness classes',
          slug: 'fitness-classes',
          booking_type: null,
          children: [{ id: 2, name: 'Spin', slug: 'spin', booking_type: 'classes' }],
        },
        {
          ...category,
          id: 6,
          name: 'Swimming',
          slug: 'swimming',
          booking_type: null,
          children: [{ id: 8, name: 'Swimming lessons', slug: 'swimming-lessons', booking_type: 'courses' }],
        },
      ]),
    });
    renderAt(<ProgrammeCategoriesPage kind="courses" />, { path: '/courses/location/:venueSlug', at: '/courses/location/harrogate' });
    const link = await screen.findByRole('link', { name: /Swimming lessons/ });
    expect(link).toHaveAttribute('href', '/courses/location/harrogate/swimming-lessons');
    expect(screen.queryByRole('link', { name: /Spin/ })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Northfield Leisure | Courses'));
  });

  it('lists a category’s courses with price, places, details and a Book link', async () => {
    mockApi({ ...routes, 'GET /api/v1/activities/courses': { body: { data: [course()], meta: { current_page: 1, total_pages: 1 } } } });
    renderAt(<ProgrammeListPage kind="courses" />, {
      path: '/courses/location/:venueSlug/:activitySlug',
      at: '/courses/location/harrogate/swimming-lessons',
    });
    const card = (await screen.findByRole('heading', { name: 'Adult improvers swimming' })).closest('article') as HTMLElement;
    expect(within(card).getByText('£48.00')).toBeInTheDocument();
    expect(within(card).getByText('7 of 10 left')).toBeInTheDocument();
    expect(within(card).getByText('Wed 19:00 - 19:45')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /^Book this course/ })).toHaveAttribute(
      'href',
      '/courses/location/harrogate/swimming-lessons/adult-improvers-swimming-5/book',
    );
    expect(within(card).getByRole('link', { name: 'Course details: Adult improvers swimming' })).toHaveAttribute(
      'href',
      '/courses/location/harrogate/swimming-lessons/timetable/adult-improvers-swimming-5',
    );
  });

  it('shows a course’s details, sessions and pro-rata price once it has started', async () => {
    mockApi({ ...routes, 'GET /api/v1/activities/courses/adult-improvers-swimming-5': envelope(course({ pro_rata_price: money(3200) })) });
    renderAt(<ProgrammeDetailsPage kind="courses" />, {
      path: '/courses/location/:venueSlug/:activitySlug/timetable/:courseSlug',
      at: '/courses/location/harrogate/swimming-lessons/timetable/adult-improvers-swimming-5',
    });
    expect(await screen.findByRole('heading', { name: 'Adult improvers swimming', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Price from now')).toBeInTheDocument();
    expect(screen.getByText('£32.00')).toBeInTheDocument();
    expect(screen.getByText(/full price £48.00/)).toBeInTheDocument();
    expect(screen.getByText('7 of 10 left')).toBeInTheDocument();
    const sessions = screen.getByRole('table', { name: 'Sessions' });
    expect(within(sessions).getAllByRole('row')).toHaveLength(3);
    expect(within(sessions).getByText('Wed, 2 Jan 2030')).toBeInTheDocument();
    // On a phone each session is a card with its columns named, so nothing scrolls sideways (issue 13, defects 9, 11);
    // e2e/tests/ux-phone.spec.ts measures it on a phone.
    expect(within(sessions).getAllByText('Places:')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Book this course' })).toHaveAttribute(
      'href',
      '/courses/location/harrogate/swimming-lessons/adult-improvers-swimming-5/book',
    );
    await waitFor(() => expect(document.title).toBe('Northfield Leisure | Adult improvers swimming'));
  });

  it('says why a course cannot be booked instead of offering Book', async () => {
    mockApi({
      ...routes,
      'GET /api/v1/activities/courses/adult-improvers-swimming-5': envelope(
        course({ bookable_action: { action: null, message: 'Sold out' } }),
      ),
    });
    renderAt(<ProgrammeDetailsPage kind="courses" />, {
      path: '/courses/location/:venueSlug/:activitySlug/timetable/:courseSlug',
      at: '/courses/location/harrogate/swimming-lessons/timetable/adult-improvers-swimming-5',
    });
    expect(await screen.findByText('Sold out')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Book this course' })).not.toBeInTheDocument();
  });
});

describe('camp details', () => {
  it('offer Book when one day is full: the camp is booked by the day (doc 2, section 4)', async () => {
    const camp = course({
      id: 6,
      name: 'Half-term multi-sport camp',
      slug: 'half-term-multi-sport-camp-6',
      category: { id: 10, name: 'Multi-sport camp', slug: 'multi-sport-camp', booking_type: 'camps' },
      price: money(9500),
      pricing_option_availability: ['bundled', 'individual'],
      // The whole camp is sold out (one day is full); the other day can be had.
      bookable_action: { action: null, message: 'Sold out' },
      occurrences: [
        { ...session('2030-01-07'), price: money(2200) },
        {
          ...session('2030-01-08'),
          price: money(2200),
          capacity: { available: 0, consumed: 20, maximum: 20 },
          bookable_action: { action: null, message: 'Sold out' },
        },
      ],
    });
    mockApi({
      ...routes,
      'GET /api/v1/activities/camps/half-term-multi-sport-camp-6': envelope(camp),
      'GET /api/v1/activities/camps': { body: { data: [camp], meta: { current_page: 1, total_pages: 1 } } },
      'GET /api/activities/venue/harrogate/categories/multi-sport-camp': envelope({
        ...category,
        id: 10,
        slug: 'multi-sport-camp',
        name: 'Multi-sport camp',
        booking_type: 'camps',
      }),
    });
    renderAt(<ProgrammeDetailsPage kind="camps" />, {
      path: '/camps/location/:venueSlug/:activitySlug/timetable/:campSlug',
      at: '/camps/location/harrogate/multi-sport-camp/timetable/half-term-multi-sport-camp-6',
    });
    expect(await screen.findByRole('link', { name: 'Book this camp' })).toHaveAttribute(
      'href',
      '/camps/location/harrogate/multi-sport-camp/half-term-multi-sport-camp-6/book',
    );
    renderAt(<ProgrammeListPage kind="camps" />, {
      path: '/camps/location/:venueSlug/:activitySlug',
      at: '/camps/location/harrogate/multi-sport-camp',
    });
    const card = (await screen.findByRole('heading', { name: 'Half-term multi-sport camp', level: 2 })).closest('article') as HTMLElement;
    expect(within(card).getByRole('link', { name: /^Book this camp/ })).toBeInTheDocument();
  });

  it('show the whole-camp and single-session prices, and each session’s price', async () => {
    const camp = course({
      id: 6,
      name: 'Half-term multi-sport camp',
      slug: 'half-term-multi-sport-camp-6',
      category: { id: 10, name: 'Multi-sport camp', slug: 'multi-sport-camp', booking_type: 'camps' },
      price: money(9500),
      pricing_option_availability: ['bundled', 'individual'],
      occurrences: ['2030-01-07', '2030-01-08'].map((d) => ({ ...session(d), price: money(2200) })),
    });
    mockApi({ ...routes, 'GET /api/v1/activities/camps/half-term-multi-sport-camp-6': envelope(camp) });
    renderAt(<ProgrammeDetailsPage kind="camps" />, {
      path: '/camps/location/:venueSlug/:activitySlug/timetable/:campSlug',
      at: '/camps/location/harrogate/multi-sport-camp/timetable/half-term-multi-sport-camp-6',
    });
    expect(await screen.findByText('£95.00')).toBeInTheDocument();
    expect(screen.getByText('£22.00 each')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Sessions' })).getAllByText('£22.00')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Book this camp' })).toHaveAttribute(
      'href',
      '/camps/location/harrogate/multi-sport-camp/half-term-multi-sport-camp-6/book',
    );
  });
});
