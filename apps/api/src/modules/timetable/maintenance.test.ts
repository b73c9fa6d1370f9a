import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAuditLog, users } from '../../db/schema';
import { addToBasket, demo, inDays, sessionsOf, spinDay, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

let t: TestApp;
let as: string;
beforeAll(async () => {
  t = await createTestApp();
  as = await t.sessionFor(staff.email);
});
afterAll(() => t.close());

/** Court slots a few days ahead, one per test, so tests do not disturb each other. */
const pool: { id: string; starts_at: { text: string } }[] = [];
async function freshSession() {
  if (pool.length === 0) for (let d = 3; d < 6; d++) pool.push(...(await sessionsOf(t, 'badminton', undefined, inDays(d))));
  const next = pool.shift();
  if (!next) throw new Error('no session left');
  return next;
}
const patch = (id: string, payload: Record<string, unknown>, who = as) =>
  t.request({ method: 'PATCH', url: `/api/v1/activities/occurrences/${id}`, as: who, payload });

describe('occurrence update', () => {
  it('is for staff: a customer is refused and a visitor asked to log in', async () => {
    const o = await freshSession();
    expect((await patch(o.id, { duration_minutes: 30 }, await t.sessionFor(demo.email))).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'PATCH', url: `/api/v1/activities/occurrences/${o.id}`, payload: { duration_minutes: 30 } })).statusCode,
    ).toBe(401);
  });

  it('takes a 24-hour HH:MM start time on the same day, and refuses anything else', async () => {
    const o = await freshSession();
    const ok = await patch(o.id, { start_time: '14:15' });
    expect(ok.statusCode).toBe(200);
    expect(dataOf(ok)).toMatchObject({ starts_at: { format_24_hour: '14:15' }, duration: 60, is_detached_from_recurrence: true });
    expect(dataOf(ok).starts_at.text.slice(0, 10)).toBe(o.starts_at.text.slice(0, 10));
    for (const bad of ['24:00', '9:00', '09:60', '2pm']) {
      const res = await patch(o.id, { start_time: bad });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors.start_time).toEqual(['Must be a time as HH:MM (24-hour)']);
    }
  });

  it('takes a duration from 1 to 720 minutes', async () => {
    const o = await freshSession();
    expect(dataOf(await patch(o.id, { duration_minutes: 720 })).duration).toBe(720);
    expect((await patch(o.id, { duration_minutes: 0 })).json().errors.duration_minutes).toEqual(['Must be at least 1']);
    expect((await patch(o.id, { duration_minutes: 721 })).json().errors.duration_minutes).toEqual(['Must be at most 720']);
  });

  it('replaces all locations with at least one of the venue', async () => {
    const o = await freshSession();
    const courts = (await sessionsOf(t, 'badminton'))[0].locations;
    const ok = dataOf(await patch(o.id, { location_ids: [courts[0].id] }));
    expect(ok.locations.map((l: { name: string }) => l.name)).toEqual([courts[0].name]);
    expect((await patch(o.id, { location_ids: [] })).json().errors.location_ids).toEqual(['Must contain at least 1 item(s)']);
    expect((await patch(o.id, { location_ids: [999999] })).json().errors.location_ids).toEqual([
      'Every location must be a space of this venue.',
    ]);
  });

  it('takes a friendly location name up to 255 characters, or null to show the location names', async () => {
    const o = await freshSession();
    expect(dataOf(await patch(o.id, { friendly_location_name: 'The big studio' })).friendly_location_name).toBe('The big studio');
    const cleared = dataOf(await patch(o.id, { friendly_location_name: null }));
    expect(cleared.friendly_location_name).toBeNull();
    expect(cleared.location_name).toMatch(/^Court \d$/);
    expect((await patch(o.id, { friendly_location_name: 'x'.repeat(256) })).json().errors.friendly_location_name).toEqual([
      'Must contain at most 255 character(s)',
    ]);
  });

  it('replaces instructors, and an empty list removes them all', async () => {
    const o = await freshSession();
    const spinner = (await sessionsOf(t, 'spin', undefined, spinDay()))[0].instructors[0];
    expect(dataOf(await patch(o.id, { instructor_ids: [spinner.id] })).instructors).toEqual([spinner]);
    expect(dataOf(await patch(o.id, { instructor_ids: [] })).instructors).toEqual([]);
    expect((await patch(o.id, { instructor_ids: [0] })).statusCode).toBe(422);
  });

  it('bounds a shared capacity at 1 to 4294967295 and keeps the strategy', async () => {
    const o = await freshSession();
    expect(dataOf(await patch(o.id, { capacity: { strategy: 'shared', capacity: 4294967295 } })).capacity.maximum).toBe(4294967295);
    expect((await patch(o.id, { capacity: { strategy: 'shared', capacity: 0 } })).json().errors['capacity.capacity']).toEqual([
      'Must be at least 1',
    ]);
    expect((await patch(o.id, { capacity: { strategy: 'shared', capacity: 4294967296 } })).json().errors['capacity.capacity']).toEqual([
      'Must be at most 4294967295',
    ]);
    expect((await patch(o.id, { capacity: { strategy: 'split', online: 5, foh: 5 } })).json().errors['capacity.strategy']).toEqual([
      'The capacity strategy cannot be changed.',
    ]);
  });

  it('never lowers capacity below the places already taken', async () => {
    let nearlyFull: { id: string } | undefined;
    for (let d = 1; !nearlyFull && d < 7; d++) {
      nearlyFull = (await sessionsOf(t, 'spin', undefined, inDays(d))).find(
        (o: { capacity: { consumed: number } }) => o.capacity.consumed === 18,
      );
    }
    if (!nearlyFull) throw new Error('the demo has no nearly full spin class');
    const below = await patch(nearlyFull.id, { capacity: { strategy: 'shared', capacity: 10 } });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors['capacity.capacity']).toEqual(['Must be at least 18, the places already taken.']);
    expect(dataOf(await patch(nearlyFull.id, { capacity: { strategy: 'shared', capacity: 18 } })).capacity).toEqual({
      available: 0,
      consumed: 18,
      maximum: 18,
    });
  });

  it('bounds a split capacity at 0 to 4294967295 per share', async () => {
    const o = await freshSession();
    await t.database.db.execute(
      (await import('drizzle-orm'))
        .sql`UPDATE occurrences SET capacity_strategy = 'split', capacity_online = 10, capacity_foh = 5 WHERE id = ${o.id}`,
    );
    const ok = dataOf(await patch(o.id, { capacity: { strategy: 'split', online: 0, foh: 4294967295 } }));
    expect(ok.capacity.maximum).toBe(0);
    const bad = await patch(o.id, { capacity: { strategy: 'split', online: -1, foh: 4294967296 } });
    expect(bad.json().errors).toMatchObject({ 'capacity.online': ['Must be at least 0'], 'capacity.foh': ['Must be at most 4294967295'] });
  });

  it('refuses unknown fields and answers 404 for an unknown session', async () => {
    const o = await freshSession();
    expect((await patch(o.id, { colour: 'red' })).statusCode).toBe(422);
    expect((await patch('oc_nothing', { duration_minutes: 30 })).statusCode).toBe(404);
  });

  it('rechecks clashes: moving a court slot onto the next hour of the same court makes both clash', async () => {
    const slots = await sessionsOf(t, 'badminton', undefined, inDays(8));
    const [first] = slots;
    const sameCourtNext = slots.find(
      (o: { locations: { id: number }[]; starts_at: { format_24_hour: string } }) =>
        o.locations[0]?.id === first.locations[0].id && o.starts_at.format_24_hour === '08:00',
    );
    const moved = dataOf(await patch(first.id, { start_time: '08:30' }));
    expect(moved.status).toBe('clashing');
    expect(moved.clashes[0]).toMatchObject({ type: 'locations', message: `${first.locations[0].name} is already in use at this time` });
    const other = dataOf(await t.request({ method: 'GET', url: `/api/activities/${sameCourtNext.id}` }));
    expect(other.status).toBe('clashing');
    const back = dataOf(await patch(first.id, { start_time: '07:00' }));
    expect(back.status).toBe('bookable');
    expect(dataOf(await t.request({ method: 'GET', url: `/api/activities/${sameCourtNext.id}` })).status).toBe('bookable');
  });
});

describe('occurrence delete', () => {
  it('needs a reason from the list, removes the session from lists and gives held places back', async () => {
    const o = await freshSession();
    const customer = await t.sessionFor(demo.email);
    await addToBasket(t, customer, o.id);
    const url = `/api/v1/activities/occurrences/${o.id}`;
    const bad = await t.request({ method: 'DELETE', url, as, payload: { reason: 'bored' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.reason).toBeDefined();
    expect((await t.request({ method: 'DELETE', url, as })).json().errors.reason).toEqual(['Required']);
    const ok = await t.request({ method: 'DELETE', url, as, payload: { reason: 'staff_availability' } });
    expect(ok.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/activities/${o.id}` })).statusCode).toBe(404);
    const cart = dataOf(await t.request({ method: 'GET', url: '/api/checkout/cart', as: customer }));
    expect(cart.items.find((i: { occurrence_id: string }) => i.occurrence_id === o.id).expired).toBe(true);
    await t.request({ method: 'DELETE', url: '/api/checkout/cart', as: customer });
  });

  it('takes the reason in the query too', async () => {
    const o = await freshSession();
    const res = await t.request({ method: 'DELETE', url: `/api/v1/activities/occurrences/${o.id}?reason=adverse_weather`, as });
    expect(res.statusCode).toBe(200);
  });

  it('is in the audit log with who, why and the changes, like every staff action; a refused change is not', async () => {
    const o = await freshSession();
    const url = `/api/v1/activities/occurrences/${o.id}`;
    const rowsFor = async () =>
      (await t.database.db.select().from(staffAuditLog)).filter((r) => (r.details as { occurrence_id?: string }).occurrence_id === o.id);
    expect((await patch(o.id, { duration_minutes: 0 })).statusCode).toBe(422);
    expect(await rowsFor()).toEqual([]);
    expect((await patch(o.id, { duration_minutes: 45 })).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url, as, payload: { reason: 'adverse_weather' } })).statusCode).toBe(200);
    const [staffUser] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, staff.email));
    expect((await rowsFor()).map((r) => [r.action, r.staffUserId, r.details])).toEqual([
      ['session.updated', staffUser!.id, { occurrence_id: o.id, changes: { duration_minutes: 45 } }],
      ['session.deleted', staffUser!.id, { occurrence_id: o.id, reason: 'adverse_weather', holds_released: 0 }],
    ]);
  });
});
