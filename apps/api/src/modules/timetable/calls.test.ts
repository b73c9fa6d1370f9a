import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, eveningSpinDay, inDays, sessionsOf, spinDay, staff, tomorrow } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, as?: string) => t.request({ method: 'GET', url, ...(as ? { as } : {}) });

describe('court slots by location', () => {
  it('lists one court for the day on the v1 and v2 paths', async () => {
    const all = await sessionsOf(t, 'badminton');
    const court = all[0].locations[0];
    for (const path of ['slots', 'v2/slots']) {
      const list = dataOf(
        await get(`/api/activities/venue/harrogate/activity/badminton/${path}?date=${tomorrow()}&location_id=${court.id}`),
      );
      expect(list.length).toBe(15);
      expect(list.every((o: { locations: { id: number }[] }) => o.locations[0]?.id === court.id)).toBe(true);
    }
  });

  it('groups the courts of one hour under one interval key', async () => {
    const all = await sessionsOf(t, 'badminton');
    const sevens = all.filter((o: { starts_at: { format_24_hour: string } }) => o.starts_at.format_24_hour === '07:00');
    expect(sevens).toHaveLength(3);
    expect(new Set(sevens.map((o: { interval_key: string }) => o.interval_key)).size).toBe(1);
  });
});

describe('fast-ticket times, dates and tickets', () => {
  it('lists the ticketed day as fast-ticket rows', async () => {
    const times = dataOf(await get(`/api/activities/venue/harrogate/activity/public-swim/v2/times?date=${tomorrow()}`));
    expect(times.map((x: { starts_at: string }) => x.starts_at)).toEqual(['07:00', '12:00', '17:30']);
    expect(times[0]).toMatchObject({
      ends_at: '08:00',
      action_to_show: { status: 'book' },
      capacity: { available: 60, maximum: 60 },
      location_name: 'Main pool',
    });
    const v1 = dataOf(await get(`/api/activities/venue/harrogate/activity/public-swim/times?date=${tomorrow()}`));
    expect(v1).toEqual(times);
  });

  it('keys the days with sessions by their raw date', async () => {
    const dates = dataOf(await get('/api/activities/venue/harrogate/activity-category/spin/dates?days=7'));
    const days = Object.keys(dates);
    expect(days.length).toBeGreaterThan(4);
    expect(dates[days[0] as string]).toMatchObject({ raw: days[0], sessions: expect.any(Number) });
    expect(days.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
  });

  it('keys ticket types by id', async () => {
    const types = dataOf(await get('/api/activities/venue/harrogate/activity-category/swimming/activity/public-swim/tickets'));
    const list = Object.values(types) as { id: number; name: string; price: { formatted: string } }[];
    expect(list.map((x) => x.name)).toEqual(['Adult (16+)', 'Junior (5-15)', 'Family (4 people)']);
    for (const x of list) expect(types[String(x.id)]).toEqual(x);
    expect((await get('/api/activities/venue/harrogate/activity-category/fitness-classes/activity/public-swim/tickets')).statusCode).toBe(
      404,
    );
  });

  it('answers one timetable class by id, and 404 for an unknown one', async () => {
    const [first] = await sessionsOf(t, 'spin', undefined, spinDay());
    expect(dataOf(await get(`/api/activities/${first.id}`)).id).toBe(first.id);
    expect((await get('/api/activities/oc_nothing')).statusCode).toBe(404);
  });
});

describe('the occurrences list', () => {
  const list = (query: string, as?: string) => get(`/api/v1/activities/occurrences?${query}`, as);
  const window = () => `starts_after=${inDays(1)}T00:00:00Z&starts_before=${inDays(2)}T00:00:00Z`;

  it('filters by venue (ids or ids[]), booking type and location', async () => {
    const venue = dataOf(await get('/api/activities/venues/harrogate'));
    const a = dataOf(await list(`${window()}&venue_ids[]=${venue.id}&booking_types[]=resources`));
    const b = dataOf(await list(`${window()}&venue_ids=${venue.id}&booking_types=resources`));
    expect(a.length).toBe(45);
    expect(b.map((o: { id: string }) => o.id)).toEqual(a.map((o: { id: string }) => o.id));
    const court = a[0].locations[0].id;
    expect(dataOf(await list(`${window()}&location_ids=${court}`)).length).toBe(15);
  });

  it('refuses an empty venue_ids list', async () => {
    const res = await list(`${window()}&venue_ids[]=`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.venue_ids).toEqual(['Must contain at least 1 item(s)']);
  });

  it('filters clashing sessions (the demo closes Court 3 the day after tomorrow)', async () => {
    const range = `starts_after=${inDays(2)}T00:00:00Z&starts_before=${inDays(3)}T00:00:00Z&booking_types=resources`;
    const clashing = dataOf(await list(`${range}&clashing=only_clashing`));
    expect(clashing.length).toBeGreaterThan(0);
    expect(clashing[0]).toMatchObject({ status: 'clashing', clashes: [{ type: 'closure', message: 'Court 3 is closed: Floor repairs' }] });
    const calm = dataOf(await list(`${range}&clashing=only_non_clashing`));
    const all = dataOf(await list(range));
    expect(calm.length + clashing.length).toBe(all.length);
    expect((await list(`${range}&clashing=sometimes`)).statusCode).toBe(422);
  });

  it('prices sessions only with a bookable context', async () => {
    const without = dataOf(await list(`${window()}&booking_types=classes`));
    expect(without[0].price).toBeUndefined();
    const withContext = dataOf(await list(`${window()}&booking_types=classes&with_bookable_context=true`));
    expect(withContext[0].price.formatted).toMatch(/^£/);
  });

  it("accepts the spec's date-time text and refuses a malformed one or a window over a quarter", async () => {
    expect((await list(`starts_after=${inDays(1)} 00:00:00&starts_before=${inDays(2)} 00:00:00`)).statusCode).toBe(200);
    const bad = await list('starts_after=2026-13-01 00:00:00');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.starts_after).toBeDefined();
    expect((await list(`starts_after=${inDays(1)}T00:00:00Z&starts_before=${inDays(200)}T00:00:00Z`)).statusCode).toBe(422);
  });

  it('shows the front-desk share to staff who ask for it, and the online share to everyone else', async () => {
    const as = await t.sessionFor(staff.email);
    const online = dataOf(await list(`${window()}&booking_types=classes`, as));
    const foh = dataOf(await list(`${window()}&booking_types=classes&source=foh`, as));
    expect(foh[0].capacity.maximum).toBe(online[0].capacity.maximum);
  });
});

describe('waitlists', () => {
  const soldOut = async () =>
    (await sessionsOf(t, 'spin', undefined, eveningSpinDay())).find((o: { capacity: { available: number } }) => o.capacity.available === 0);

  it('lets a customer join and leave the waitlist of a full session', async () => {
    const as = await t.sessionFor(demo.email);
    const full = await soldOut();
    const joined = await t.request({
      method: 'POST',
      url: '/api/activities/waitlist/add',
      as,
      payload: { item: { id: full.id, type: 'occurrence' } },
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().message).toBe('Successfully joined the waitlist.');
    expect(dataOf(joined)).toMatchObject({
      user_reference: expect.stringMatching(/^NO[2-9A-Z]{10}$/),
      occurrence: { occurrence_id: full.id, name: 'Spin' },
    });
    const mine = (await sessionsOf(t, 'spin', as, eveningSpinDay())).find((o: { id: string }) => o.id === full.id);
    expect(mine.bookable_action.action).toBe('leave_waitlist');
    expect(mine.waitlist).toEqual({ maximum: 5, available: 4, consumed: 1 });
    const twice = await t.request({
      method: 'POST',
      url: '/api/activities/waitlist/add',
      as,
      payload: { item: { id: full.id, type: 'occurrence' } },
    });
    expect(twice.statusCode).toBe(409);
    const left = await t.request({ method: 'DELETE', url: `/api/activities/waitlist/remove/${dataOf(joined).id}`, as });
    expect(left.json().message).toBe('Successfully removed from the waitlist.');
  });

  it('takes the v1 calls with data.user_id, for the signed-in user only (anyone else, not linked: 404)', async () => {
    const as = await t.sessionFor(demo.email);
    const me = dataOf(await get('/api/auth/user', as));
    const full = await soldOut();
    const someoneElse = await t.request({
      method: 'POST',
      url: `/api/v1/activities/occurrences/${full.id}/waitlist/members`,
      as,
      payload: { data: { user_id: me.id + 1 } },
    });
    expect(someoneElse.statusCode).toBe(404);
    const joined = await t.request({
      method: 'POST',
      url: `/api/v1/activities/occurrences/${full.id}/waitlist/members`,
      as,
      payload: { data: { user_id: me.id } },
    });
    expect(joined.statusCode).toBe(200);
    const left = await t.request({ method: 'DELETE', url: `/api/v1/activities/occurrences/${full.id}/waitlist/members/${me.id}`, as });
    expect(left.statusCode).toBe(200);
  });

  it('refuses the waitlist of a session that still has places', async () => {
    const as = await t.sessionFor(demo.email);
    const open = (await sessionsOf(t, 'spin', undefined, spinDay())).find(
      (o: { capacity: { available: number } }) => o.capacity.available > 0,
    );
    const res = await t.request({
      method: 'POST',
      url: '/api/activities/waitlist/add',
      as,
      payload: { item: { id: open.id, type: 'occurrence' } },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This session still has places: book it instead.');
  });
});
