import pg from 'pg';

/**
 * Adds 20 venues, each with spin (2 a day), a four-court hall (14 hourly slots a court) and swims (4 a day), for a
 * year from today: 452,600 occurrences beside the demo's, written by Postgres itself with generate_series.
 */
export async function seedLargeTimetable(url: string): Promise<number> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query('BEGIN');
    const { rows: clients } = await db.query<{ id: number }>("SELECT id FROM clients WHERE identifier = 'northfield'");
    const clientId = clients[0]?.id;
    const { rows: cats } = await db.query<{ id: number; slug: string }>('SELECT id, slug FROM categories WHERE client_id = $1', [clientId]);
    const cat = (slug: string) => cats.find((c) => c.slug === slug)?.id;
    for (let v = 1; v <= 20; v++) {
      const { rows: venue } = await db.query<{ id: number }>(
        `INSERT INTO venues (client_id, slug, name, town, latitude, longitude, opening_times)
         VALUES ($1, $2, $3, 'Benchtown', $4, $5, '[]') RETURNING id`,
        [clientId, `bench-${v}`, `Bench Venue ${v}`, 53 + v / 100, -1.5 - v / 100],
      );
      const venueId = venue[0]?.id;
      const space = async (name: string) =>
        (
          await db.query<{ id: number }>('INSERT INTO locations (client_id, venue_id, name) VALUES ($1, $2, $3) RETURNING id', [
            clientId,
            venueId,
            name,
          ])
        ).rows[0]?.id;
      const studio = await space('Studio');
      const pool = await space('Pool');
      const courts: number[] = [];
      for (let c = 1; c <= 4; c++) courts.push((await space(`Court ${c}`)) as number);
      const schedule = async (categoryId: number | undefined, type: string, name: string, price: number | null, capacity: number) =>
        (
          await db.query<{ id: number }>(
            `INSERT INTO schedules (client_id, venue_id, category_id, booking_type, name, price, capacity) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
            [clientId, venueId, categoryId, type, name, price, capacity],
          )
        ).rows[0]?.id;
      const spin = await schedule(cat('spin'), 'classes', 'Spin', 650, 20);
      const badminton = await schedule(cat('badminton'), 'resources', 'Badminton court', 1200, 1);
      const swim = await schedule(cat('public-swim'), 'ticketed', 'Public swim', null, 60);
      // One statement per kind: a day series crossed with the day's start hours (and courts), in London time.
      const sessions = async (
        scheduleId: number | undefined,
        categoryId: number | undefined,
        type: string,
        hours: number[],
        minutes: number,
        locationIds: number[],
        capacity: number,
        price: number | null,
      ) => {
        await db.query(
          `WITH slots AS (
             SELECT d::date AS day, h AS hour, loc
             FROM generate_series(current_date, current_date + 364, interval '1 day') d,
                  unnest($1::int[]) h, unnest($2::int[]) loc
           )
             INSERT INTO occurrences (id, client_id, schedule_id, venue_id, category_id, booking_type, starts_at, ends_at,
               original_starts_at, original_ends_at, capacity_maximum, price, location_ids)
             SELECT 'oc_b' || $3::text || '_' || loc || '_' || to_char(day, 'YYYYMMDD') || lpad(hour::text, 2, '0'),
               $4::int, $3::int, $5::int, $6::int, $7::text,
               (day + make_interval(hours => hour)) AT TIME ZONE 'Europe/London',
               (day + make_interval(hours => hour, mins => $8::int)) AT TIME ZONE 'Europe/London',
               (day + make_interval(hours => hour)) AT TIME ZONE 'Europe/London',
               (day + make_interval(hours => hour, mins => $8::int)) AT TIME ZONE 'Europe/London',
               $9::bigint, $10::int, ARRAY[loc]
             FROM slots`,
          [hours, locationIds, scheduleId, clientId, venueId, categoryId, type, minutes, capacity, price],
        );
      };
      await sessions(spin, cat('spin'), 'classes', [7, 18], 45, [studio as number], 20, 650);
      await sessions(badminton, cat('badminton'), 'resources', [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21], 60, courts, 1, 1200);
      await sessions(swim, cat('public-swim'), 'ticketed', [7, 12, 17, 19], 60, [pool as number], 60, null);
    }
    await db.query('COMMIT');
    await db.query('ANALYZE');
    const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM occurrences');
    return Number(rows[0]?.n ?? 0);
  } finally {
    await db.end();
  }
}
