import { expandWeekly } from '@app/domain';
import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { occurrences, recurrences, schedules } from '../../db/schema';
import { occurrenceId } from '../../lib/ids';

type OccurrenceInsert = typeof occurrences.$inferInsert;

const columnsOf = getTableColumns(occurrences);

/**
 * Inserts generated occurrences as one JSON parameter that Postgres unpacks (jsonb_populate_recordset) rather than
 * one bound parameter per field: a schedule's year is thousands of rows of 27 fields, and binding each field was
 * most of a fresh start's seed (decision 279). Values are plain JSON (instants as ISO strings, id lists as arrays),
 * which Postgres reads with each column's own input function, as it would a bound parameter.
 */
async function insertOccurrences(db: Conn, rows: OccurrenceInsert[]): Promise<void> {
  // Every generated row sets the same fields (one object literal below); the columns it leaves out take their defaults.
  const columns = Object.keys(rows[0] ?? {}).map((key) => [key, columnsOf[key as keyof typeof columnsOf].name] as const);
  const data = rows.map((r) => {
    const out: Record<string, unknown> = {};
    for (const [key, name] of columns) {
      const value = r[key as keyof OccurrenceInsert];
      out[name] = value instanceof Date ? value.toISOString() : (value ?? null);
    }
    return out;
  });
  const names = sql.join(
    columns.map(([, name]) => sql.identifier(name)),
    sql`, `,
  );
  await db.execute(
    sql`INSERT INTO ${occurrences} (${names}) SELECT ${names} FROM jsonb_populate_recordset(NULL::${occurrences}, ${JSON.stringify(data)}::jsonb)`,
  );
}

/**
 * Creates the occurrences of a schedule's weekly rules between two local dates. Ids are derived from the schedule,
 * rule and original start, so running it again for an overlapping range adds only what is missing. The caller
 * rechecks clashes for the venue and range once it has generated everything it meant to.
 */
export async function generateOccurrences(db: Conn, scheduleId: number, from: string, to: string, tz: string): Promise<number> {
  const [schedule] = await db.select().from(schedules).where(eq(schedules.id, scheduleId));
  if (!schedule) return 0;
  const rules = await db.select().from(recurrences).where(eq(recurrences.scheduleId, scheduleId));
  const rows: (typeof occurrences.$inferInsert)[] = [];
  for (const rule of rules) {
    for (const slot of expandWeekly(rule, from, to, tz)) {
      const id = occurrenceId(schedule.id, rule.id, slot.startsAt);
      rows.push({
        id,
        clientId: schedule.clientId,
        scheduleId: schedule.id,
        recurrenceId: rule.id,
        venueId: schedule.venueId,
        categoryId: schedule.categoryId,
        bookingType: schedule.bookingType,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        originalStartsAt: slot.startsAt,
        originalEndsAt: slot.endsAt,
        capacityStrategy: schedule.capacityStrategy,
        capacityMaximum: schedule.capacity,
        capacityOnline: schedule.capacityOnline,
        capacityFoh: schedule.capacityFoh,
        waitlistMaximum: schedule.waitlistMaximum,
        // Sessions of one schedule at one time (the courts of an hour) are offered together.
        intervalKey: schedule.bookingType === 'resources' ? `${schedule.id}:${slot.startsAt.toISOString()}` : null,
        // A camp session on its own costs the camp's per-session price; the schedule's price is the whole camp's
        // (doc 2: the individual camp price is the first occurrence's price times the sessions chosen).
        price: schedule.bookingType === 'camps' ? schedule.individualPrice : schedule.price,
        setupMinutes: schedule.setupMinutes,
        teardownMinutes: schedule.teardownMinutes,
        lastBookableAt:
          schedule.lastBookableMinutesBefore === null
            ? null
            : new Date(slot.startsAt.getTime() - schedule.lastBookableMinutesBefore * 60_000),
        allowAnonymousBookings: schedule.allowAnonymousBookings,
        locationIds: rule.locationIds,
        instructorIds: rule.instructorIds,
      });
    }
  }
  if (rows.length === 0) return 0;
  const existing = new Set(
    (
      await db
        .select({ id: occurrences.id })
        .from(occurrences)
        .where(
          inArray(
            occurrences.id,
            rows.map((r) => r.id),
          ),
        )
    ).map((r) => r.id),
  );
  const fresh = rows.filter((r) => !existing.has(r.id));
  if (fresh.length > 0) await insertOccurrences(db, fresh);
  return fresh.length;
}
