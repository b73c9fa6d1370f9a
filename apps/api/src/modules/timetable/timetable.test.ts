import { actionMessages } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBasket, dayOf, demo, eveningSpinDay, openSpin, sessionsOf, spinDay, tomorrow } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('venues and categories', () => {
  it('finds a venue by slug or by id', async () => {
    const bySlug = dataOf(await t.request({ method: 'GET', url: '/api/activities/venues/harrogate' }));
    const byId = dataOf(await t.request({ method: 'GET', url: `/api/activities/venues/${bySlug.id}` }));
    expect(byId.slug).toBe('harrogate');
    expect(bySlug).toMatchObject({ activities_v2_enabled: true, coordinates: { latitude: 53.9921, longitude: -1.5418 } });
  });

  it('lists the activities a venue offers, with children', async () => {
    const list = dataOf(await t.request({ method: 'GET', url: '/api/activities/venue/harrogate/categories' }));
    expect(list.map((c: { slug: string }) => c.slug)).toEqual(['fitness-classes', 'racket-sports', 'swimming', 'holiday-camps', 'gym']);
    expect(list[0].children.map((c: { slug: string }) => c.slug)).toEqual(['spin', 'yoga']);
    const spin = dataOf(await t.request({ method: 'GET', url: '/api/activities/venue/harrogate/categories/spin' }));
    expect(spin).toMatchObject({
      is_root: false,
      booking_type: 'classes',
      v2_type: 'classes',
      v1_type: 'class_templates',
      parent: { slug: 'fitness-classes' },
    });
  });

  it('answers 404 for an unknown venue or activity', async () => {
    expect((await t.request({ method: 'GET', url: '/api/activities/venue/atlantis/categories' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/activities/venue/harrogate/categories/quidditch' })).statusCode).toBe(404);
  });
});

describe('the day timetable', () => {
  it('lists the day in start order with the occurrence shape of document 2', async () => {
    const list = await sessionsOf(t, 'spin', undefined, spinDay());
    expect(list.length).toBeGreaterThan(0);
    const starts = list.map((o: { starts_at: { utc: string } }) => o.starts_at.utc);
    expect(starts).toEqual([...starts].sort());
    expect(list[0]).toMatchObject({
      id: expect.stringMatching(/^oc_/),
      booking_type: 'classes',
      template_name: 'Spin',
      status: 'bookable',
      starts_at: { timezone: 'Europe/London', text: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/) },
      price: { value: 650, formatted: '£6.50', currency: 'GBP' },
      locations: [{ name: 'Studio 1', names: ['Studio 1', 'Harrogate Leisure Centre'] }],
      location_name: 'Studio 1',
    });
    for (const o of list) expect(o.starts_at.text.slice(0, 10)).toBe(spinDay());
  });

  it('serves the same day on the v1 and v2 paths', async () => {
    const v1 = dataOf(await t.request({ method: 'GET', url: `/api/activities/venue/harrogate/activity/spin/timetable?date=${spinDay()}` }));
    const v2 = await sessionsOf(t, 'spin', undefined, spinDay());
    expect(v1.map((o: { id: string }) => o.id)).toEqual(v2.map((o: { id: string }) => o.id));
  });

  it('lists every session of a parent activity', async () => {
    const all = dataOf(
      await t.request({ method: 'GET', url: `/api/activities/venue/harrogate/activity/fitness-classes/v2/timetable?date=${spinDay()}` }),
    );
    const names = new Set(all.map((o: { template_name: string }) => o.template_name));
    expect(names.has('Spin')).toBe(true);
  });

  it('offers the waitlist of a sold-out session, and says nothing of a waitlist where there is none', async () => {
    const full = (await sessionsOf(t, 'spin', undefined, eveningSpinDay())).find(
      (o: { capacity: { available: number } }) => o.capacity.available === 0,
    );
    expect(full.bookable_action).toEqual({ action: 'join_waitlist', message: null });
    expect(full.waitlist).toEqual({ maximum: 5, available: 5, consumed: 0 });
    const courts = await sessionsOf(t, 'badminton');
    expect(courts.every((o: { waitlist: unknown }) => o.waitlist === null)).toBe(true);
  });

  it('prices ticketed sessions per ticket, not per session', async () => {
    const swim = await sessionsOf(t, 'public-swim');
    expect(swim[0].price).toBeUndefined();
    expect(swim[0].tickets.map((x: { name: string }) => x.name)).toEqual(['Adult (16+)', 'Junior (5-15)', 'Family (4 people)']);
    expect(swim[0].tickets[0].price.formatted).toBe('£5.50');
  });

  it('shows a customer what they already hold', async () => {
    const as = await t.sessionFor(demo.email);
    const open = await openSpin(t);
    await t.request({
      method: 'POST',
      url: '/api/checkout/cart/add',
      as,
      payload: { items: [{ id: open.id, type: 'purchasableOccurrence' }] },
    });
    const mine = (await sessionsOf(t, 'spin', as, dayOf(open))).find((o: { id: string }) => o.id === open.id);
    expect(mine.bookable_action).toEqual({ action: 'cancel_reservation', message: null });
    const visitor = (await sessionsOf(t, 'spin', undefined, dayOf(open))).find((o: { id: string }) => o.id === open.id);
    expect(visitor.bookable_action.action).toBe('book');
  });

  it('tells a customer holding one court that the other courts at that hour clash with it', async () => {
    const as = await t.sessionFor('member2@example.invalid');
    type Court = { id: string; starts_at: { utc: string }; bookable_action: { action: string | null; message: string | null } };
    const courts: Court[] = await sessionsOf(t, 'badminton', as);
    const held = courts.find((o) => o.bookable_action.action === 'book') as Court;
    expect((await addToBasket(t, as, held.id)).statusCode).toBe(200);
    const after: Court[] = await sessionsOf(t, 'badminton', as);
    const sameHour = after.filter((o) => o.starts_at.utc === held.starts_at.utc && o.id !== held.id);
    expect(sameHour.length).toBeGreaterThan(0);
    for (const o of sameHour) expect(o.bookable_action).toEqual({ action: null, message: actionMessages.busy });
    expect(after.find((o) => o.id === held.id)?.bookable_action.action).toBe('cancel_reservation');
    const laterHour = after.find((o) => o.starts_at.utc > held.starts_at.utc && o.bookable_action.action === 'book');
    expect(laterHour).toBeDefined();
  });

  it('refuses a malformed date with a 422 and an unknown activity with a 404', async () => {
    const bad = await t.request({ method: 'GET', url: '/api/activities/venue/harrogate/activity/spin/timetable?date=2026-13-40' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.date).toEqual(['Must be a date as YYYY-MM-DD']);
    expect(
      (await t.request({ method: 'GET', url: `/api/activities/venue/harrogate/activity/nope/timetable?date=${tomorrow()}` })).statusCode,
    ).toBe(404);
  });
});
