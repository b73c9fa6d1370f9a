import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, as?: string) => t.request({ method: 'GET', url, ...(as ? { as } : {}) });

describe('courses and camps', () => {
  it('lists courses with the pagination meta of document 2', async () => {
    const res = await get('/api/v1/activities/courses?per_page=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(2);
    expect(body.meta).toEqual({
      previous_page: null,
      current_page: 1,
      next_page: 2,
      records_per_page: 2,
      records_on_current_page: 2,
      first_record_on_page: 1,
      last_record_on_page: 2,
      total_records: 3,
      total_pages: 2,
      sort_by: 'starts_at',
      direction: 'ascending',
    });
    expect(body.data[0]).toMatchObject({
      name: 'Adult improvers swimming',
      duration_in_weeks: 6,
      price: { formatted: '£48.00' },
      pro_rata_price: null,
      allow_customer_book_course_after_start: true,
      bookable_action: { action: 'book' },
      category: { slug: 'swimming-lessons' },
    });
    expect(body.data[0].occurrences).toHaveLength(6);
  });

  it('finds a course by slug or id and filters by venue', async () => {
    const [course] = dataOf(await get('/api/v1/activities/courses?venue_slugs[]=ripon'));
    expect(course.venue.slug).toBe('ripon');
    expect(dataOf(await get(`/api/v1/activities/courses/${course.slug}`)).id).toBe(course.id);
    expect(dataOf(await get(`/api/v1/activities/courses/${course.id}`)).id).toBe(course.id);
    expect((await get(`/api/v1/activities/courses/not-this-${course.id}`)).statusCode).toBe(404);
    expect((await get(`/api/v1/activities/camps/${course.id}`)).statusCode).toBe(404);
  });

  it('shows camps with their pricing options and extras', async () => {
    const [camp] = dataOf(await get('/api/v1/activities/camps?venue_slugs=harrogate'));
    expect(camp).toMatchObject({
      name: 'Half-term multi-sport camp',
      pricing_option_availability: ['bundled', 'individual'],
      price: { formatted: '£95.00' },
      extras: [{ name: 'Packed lunch', price: { formatted: '£4.50' } }],
    });
    expect(camp.occurrences).toHaveLength(5);
    // Each session on its own costs the camp's per-session price, not the whole camp's.
    expect(camp.occurrences.map((o: { price: { formatted: string } }) => o.price.formatted)).toEqual(Array(5).fill('£22.00'));
  });

  it("gives a camp's start and end as zoned times, local to the centre (doc 2: startsAt {local})", async () => {
    const [camp] = dataOf(await get('/api/v1/activities/camps?venue_slugs=harrogate'));
    const first = camp.occurrences[0];
    const last = camp.occurrences.at(-1);
    expect(camp.starts_at).toEqual(first.starts_at);
    expect(camp.ends_at).toEqual(last.ends_at);
    expect(camp.starts_at).toMatchObject({ timezone: 'Europe/London', local: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T09:00:00/) });
  });

  it('validates the list filters', async () => {
    expect((await get('/api/v1/activities/courses?per_page=101')).json().errors.per_page).toEqual(['Must be at most 100']);
    expect((await get('/api/v1/activities/courses?starts_after=tomorrow')).json().errors.starts_after).toEqual([
      'Must be an RFC 3339 date and time',
    ]);
  });
});

describe('bookable categories', () => {
  it('lists the top-level categories with sessions open for booking', async () => {
    const list = dataOf(await get('/api/v1/activities/categories/bookable'));
    expect(list.map((c: { slug: string }) => c.slug)).toEqual(['fitness-classes', 'racket-sports', 'swimming', 'holiday-camps', 'gym']);
    const swimming = list[2];
    expect(dataOf(await get(`/api/v1/activities/categories/bookable/${swimming.id}`)).slug).toBe('swimming');
    const child = swimming.children[0];
    expect(dataOf(await get(`/api/v1/activities/categories/bookable/${swimming.id}/${child.id}`)).slug).toBe(child.slug);
    expect((await get(`/api/v1/activities/categories/bookable/${list[0].id}/${child.id}`)).statusCode).toBe(404);
  });
});

describe('restrictions', () => {
  it('lists restrictions for staff, paginated, and shows one to anyone', async () => {
    const as = await t.sessionFor(staff.email);
    expect((await get('/api/v1/activities/restrictions')).statusCode).toBe(401);
    const res = await get('/api/v1/activities/restrictions?type[]=pre-purchase-waiver&search=yoga', as);
    expect(res.json().data).toEqual([
      expect.objectContaining({ name: 'Yoga health declaration', type: 'pre-purchase-waiver', terms: expect.stringContaining('<p>') }),
    ]);
    expect(res.json().meta.total_records).toBe(1);
    expect((await get('/api/v1/activities/restrictions?type=post-purchase-waiver', as)).statusCode).toBe(422);
    expect((await get(`/api/v1/activities/restrictions?search=${'x'.repeat(256)}`, as)).statusCode).toBe(422);
    const one = dataOf(await get(`/api/v1/activities/restrictions/${res.json().data[0].id}`));
    expect(one.name).toBe('Yoga health declaration');
  });

  it('shows the unmet waiver on sessions only to a known customer', async () => {
    const { sessionsOf, demo, inDays } = await import('../../test/fixtures');
    let yoga: { restrictions: unknown } | undefined;
    let mine: { restrictions: unknown } | undefined;
    for (let d = 1; !yoga && d < 8; d++) {
      [yoga] = await sessionsOf(t, 'yoga', undefined, inDays(d));
      if (yoga) [mine] = await sessionsOf(t, 'yoga', await t.sessionFor(demo.email), inDays(d));
    }
    expect(yoga?.restrictions).toBeNull();
    expect(mine?.restrictions).toMatchObject({
      pre_purchase_waiver: { name: 'Yoga health declaration', type: 'pre-purchase-waiver', criteria: 'all' },
    });
  });
});

describe('one course or camp: the filters of document 2', () => {
  const clock = new ManualClock();
  let m: TestApp;
  beforeAll(async () => {
    m = await createTestApp({ clock });
  });
  afterAll(() => m.close());
  const at = (url: string) => m.request({ method: 'GET', url });

  it("lists a started course's sessions still open for booking, or with filter_by_first_bookable_at=false every one", async () => {
    const [course] = dataOf(await at('/api/v1/activities/courses?per_page=1'));
    const sessions = course.occurrences as { id: number; starts_at: { utc: string } }[];
    expect(sessions.length).toBeGreaterThan(2);
    // Two sessions in: the third has not started yet.
    clock.set(new Date(new Date(sessions[1]!.starts_at.utc).getTime() + 60_000));
    const open = dataOf(await at(`/api/v1/activities/courses/${course.slug}`));
    expect(open.occurrences.map((o: { id: number }) => o.id)).toEqual(sessions.slice(2).map((o) => o.id));
    const all = dataOf(await at(`/api/v1/activities/courses/${course.slug}?filter_by_first_bookable_at=false`));
    expect(all.occurrences).toHaveLength(sessions.length);
    // The price and capacity are the whole course's either way.
    expect(all.pro_rata_price).toEqual(open.pro_rata_price);
    expect(all.capacity).toEqual(open.capacity);
    clock.set(new Date());
  });

  it("finds a camp on its detail page only within the page's venues and categories", async () => {
    const [camp] = dataOf(await at('/api/v1/activities/camps?venue_slugs=harrogate'));
    expect(dataOf(await at(`/api/v1/activities/camps/${camp.slug}?venue_slugs=harrogate`)).id).toBe(camp.id);
    expect(dataOf(await at(`/api/v1/activities/camps/${camp.slug}?category_slugs=${camp.category.slug}`)).id).toBe(camp.id);
    expect((await at(`/api/v1/activities/camps/${camp.slug}?venue_slugs=ripon`)).statusCode).toBe(404);
    expect((await at(`/api/v1/activities/camps/${camp.slug}?category_slugs=not-a-category`)).statusCode).toBe(404);
    expect((await at(`/api/v1/activities/camps/${camp.slug}?venue_slugs=`)).statusCode).toBe(422);
  });
});
