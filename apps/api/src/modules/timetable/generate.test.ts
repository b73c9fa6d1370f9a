import { expandWeekly } from '@app/domain';
import { and, asc, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { occurrences, recurrences, schedules } from '../../db/schema';
import { occurrenceId } from '../../lib/ids';
import { createTestApp, type TestApp } from '../../test/harness';
import { generateOccurrences } from './generate';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TZ = 'Europe/London';

describe('generating a schedule’s occurrences', () => {
  it('writes every field of each weekly slot from its schedule and rule (one JSON parameter), and adds nothing twice', async () => {
    const db = t.database.db;
    // The demo's courts: an hourly rule per court hour, spaces on the rule, a price, a last bookable time.
    const [courts] = await db.select().from(schedules).where(eq(schedules.bookingType, 'resources')).limit(1);
    if (!courts) throw new Error('no courts schedule');
    const rules = await db.select().from(recurrences).where(eq(recurrences.scheduleId, courts.id));
    // Twenty weeks ahead, past anything the seed generated.
    const from = new Date(Date.now() + 140 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 147 * 86_400_000).toISOString().slice(0, 10);
    const expected = rules.flatMap((rule) => expandWeekly(rule, from, to, TZ).map((slot) => ({ rule, slot })));
    expect(expected.length).toBeGreaterThan(0);

    expect(await generateOccurrences(db, courts.id, from, to, TZ)).toBe(expected.length);
    const rows = await db
      .select()
      .from(occurrences)
      .where(and(eq(occurrences.scheduleId, courts.id), gte(occurrences.startsAt, new Date(`${from}T00:00:00Z`))))
      .orderBy(asc(occurrences.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const { rule, slot } of expected) {
      const row = byId.get(occurrenceId(courts.id, rule.id, slot.startsAt));
      expect(row).toMatchObject({
        clientId: courts.clientId,
        recurrenceId: rule.id,
        venueId: courts.venueId,
        categoryId: courts.categoryId,
        bookingType: 'resources',
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        originalStartsAt: slot.startsAt,
        originalEndsAt: slot.endsAt,
        status: 'bookable',
        capacityMaximum: courts.capacity,
        capacityConsumed: 0,
        capacityOnline: courts.capacityOnline,
        capacityFoh: courts.capacityFoh,
        intervalKey: `${courts.id}:${slot.startsAt.toISOString()}`,
        price: courts.price,
        lastBookableAt:
          courts.lastBookableMinutesBefore === null ? null : new Date(slot.startsAt.getTime() - courts.lastBookableMinutesBefore * 60_000),
        locationIds: rule.locationIds,
        instructorIds: rule.instructorIds,
        clashes: [],
        deletedAt: null,
      });
    }
    expect(await generateOccurrences(db, courts.id, from, to, TZ)).toBe(0);
  });
});
