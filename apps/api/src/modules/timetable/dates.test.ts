import { todayIn, zonedInstant } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';

// Late in the evening, when today's spin classes (07:00 and 18:30) have all ended.
const tz = 'Europe/London';
const clock = new ManualClock(zonedInstant(todayIn(tz), 23, 30, tz));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe('days with sessions (issue 13, defect 5)', () => {
  it('leaves out today once every session of it has ended, so the timetable opens on a day it can book', async () => {
    const today = todayIn(tz, clock.now());
    const dates = dataOf(await t.request({ method: 'GET', url: '/api/activities/venue/harrogate/activity-category/spin/dates?days=7' }));
    const days = Object.keys(dates);
    expect(days.length).toBeGreaterThan(3);
    expect(days).not.toContain(today);
    expect(days.every((d) => d > today)).toBe(true);
  });
});
