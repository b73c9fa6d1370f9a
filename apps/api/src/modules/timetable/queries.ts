import { type AnyColumn, and, arrayOverlaps, asc, eq, gt, gte, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import { type Conn, perDatabase } from '../../db/client';
import { bookings, occurrences, pricingOptions, schedules, users, venues, waitlistEntries } from '../../db/schema';
import { attachedForTimetable, type TimetableRestriction } from '../restrictions/queries';

export interface OccurrenceFilter {
  clientId: number;
  venueIds?: number[];
  categoryIds?: number[];
  startsAfter?: Date;
  startsBefore?: Date;
  ids?: string[];
  scheduleIds?: number[];
  recurrenceIds?: number[];
  locationIds?: number[];
  bookingTypes?: string[];
  clashing?: 'only_clashing' | 'only_non_clashing' | 'all';
  /** Staff lists may see deleted sessions; nothing else does. */
  includeDeleted?: boolean;
  limit?: number;
}

type Ticket = {
  id: number;
  name: string;
  reference: string | null;
  price: number;
  attendees: number;
  minAge?: number | null;
  maxAge?: number | null;
};

function conditions(f: OccurrenceFilter): SQL[] {
  const where: SQL[] = [eq(occurrences.clientId, f.clientId)];
  if (!f.includeDeleted) where.push(isNull(occurrences.deletedAt));
  if (f.venueIds) where.push(inArray(occurrences.venueId, f.venueIds));
  if (f.categoryIds) where.push(inArray(occurrences.categoryId, f.categoryIds));
  if (f.startsAfter) where.push(gte(occurrences.startsAt, f.startsAfter));
  if (f.startsBefore) where.push(lt(occurrences.startsAt, f.startsBefore));
  if (f.ids) where.push(inArray(occurrences.id, f.ids));
  if (f.scheduleIds) where.push(inArray(occurrences.scheduleId, f.scheduleIds));
  if (f.recurrenceIds) where.push(inArray(occurrences.recurrenceId, f.recurrenceIds));
  if (f.bookingTypes) where.push(inArray(occurrences.bookingType, f.bookingTypes as (typeof occurrences.$inferSelect)['bookingType'][]));
  if (f.clashing === 'only_clashing') where.push(eq(occurrences.status, 'clashing'));
  if (f.clashing === 'only_non_clashing') where.push(ne(occurrences.status, 'clashing'));
  if (f.locationIds) where.push(arrayOverlaps(occurrences.locationIds, f.locationIds));
  return where;
}

/**
 * What a list of sessions reads: the occurrence, its schedule's and venue's fields, ticket types as JSON and, for
 * sessions with a waitlist, how many are waiting.
 */
const occurrenceFields = {
  occurrence: occurrences,
  scheduleName: schedules.name,
  scheduleDescription: schedules.description,
  scheduleReference: schedules.reference,
  bookingStrategy: schedules.bookingStrategy,
  tags: schedules.tags,
  venueName: venues.name,
  tickets: sql<
    Ticket[] | null
  >`CASE WHEN ${occurrences.bookingType} = 'ticketed' THEN (SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'reference', p.reference, 'price', p.price, 'attendees', p.attendees, 'minAge', p.min_age, 'maxAge', p.max_age) ORDER BY p.id), '[]'::json)
    FROM ${pricingOptions} p WHERE p.schedule_id = ${occurrences.scheduleId}) END`,
  // Read here rather than by a second statement: one index probe per session that has a waitlist.
  waitlistConsumed: sql<number | null>`CASE WHEN ${occurrences.waitlistMaximum} IS NOT NULL THEN (SELECT count(*)::int
    FROM ${waitlistEntries} w WHERE w.occurrence_id = ${occurrences.id} AND w.status IN ('waiting', 'offered')) END`,
};

/** Occurrences matching any filter: one statement and one index range scan, however many rows it finds. */
export async function findOccurrences(db: Conn, f: OccurrenceFilter) {
  const query = db
    .select(occurrenceFields)
    .from(occurrences)
    .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .innerJoin(venues, eq(venues.id, occurrences.venueId))
    .where(and(...conditions(f)))
    .orderBy(asc(occurrences.startsAt), asc(occurrences.id));
  return f.limit ? query.limit(f.limit) : query;
}

/** The occurrence fields a view of sessions reads (occurrence-view.ts). */
export type ViewedOccurrence = Pick<
  typeof occurrences.$inferSelect,
  | 'id'
  | 'scheduleId'
  | 'recurrenceId'
  | 'categoryId'
  | 'bookingType'
  | 'intervalKey'
  | 'startsAt'
  | 'endsAt'
  | 'originalStartsAt'
  | 'originalEndsAt'
  | 'status'
  | 'capacityStrategy'
  | 'capacityMaximum'
  | 'capacityConsumed'
  | 'capacityOnline'
  | 'capacityFoh'
  | 'consumedOnline'
  | 'consumedFoh'
  | 'price'
  | 'friendlyLocationName'
  | 'setupMinutes'
  | 'teardownMinutes'
  | 'lastBookableAt'
  | 'allowAnonymousBookings'
  | 'isDetachedFromRecurrence'
  | 'locationIds'
  | 'instructorIds'
  | 'waitlistMaximum'
  | 'clashes'
  | 'deletedAt'
>;

/** A session as a view reads it: its occurrence and its schedule's and venue's fields (what both lists return). */
export type SessionRow = Omit<OccurrenceRow, 'occurrence'> & { occurrence: ViewedOccurrence };

/** A day's row as the driver returns it: one flat JSON object, instants as epoch milliseconds. */
type DayRow = Omit<ViewedOccurrence, 'startsAt' | 'endsAt' | 'originalStartsAt' | 'originalEndsAt' | 'lastBookableAt' | 'deletedAt'> &
  Omit<SessionRow, 'occurrence'> & {
    startsAt: number;
    endsAt: number;
    originalStartsAt: number;
    originalEndsAt: number;
    lastBookableAt: number | null;
  };

// An instant as whole epoch milliseconds (a JSON number): no date text to parse per row. `date_part` is float8
// arithmetic where `extract` (numeric since PostgreSQL 14) is decimal, a tenth of a day of courts' time in the
// database; the cast to int8 rounds, exact for any instant in whole milliseconds, which is all a JS Date holds.
const epochMs = (column: AnyColumn) => sql`(date_part('epoch', ${column}) * 1000)::int8`;
// Places as int4 (int8 would be written as text).
const int = (column: AnyColumn) => sql`${column}::int`;

/** What a day's row holds, by its key in the row's JSON object. */
const dayFields: Record<keyof DayRow, SQL | AnyColumn> = {
  id: occurrences.id,
  scheduleId: occurrences.scheduleId,
  recurrenceId: occurrences.recurrenceId,
  categoryId: occurrences.categoryId,
  bookingType: occurrences.bookingType,
  intervalKey: occurrences.intervalKey,
  startsAt: epochMs(occurrences.startsAt),
  endsAt: epochMs(occurrences.endsAt),
  originalStartsAt: epochMs(occurrences.originalStartsAt),
  originalEndsAt: epochMs(occurrences.originalEndsAt),
  status: occurrences.status,
  capacityStrategy: occurrences.capacityStrategy,
  capacityMaximum: int(occurrences.capacityMaximum),
  capacityConsumed: int(occurrences.capacityConsumed),
  capacityOnline: int(occurrences.capacityOnline),
  capacityFoh: int(occurrences.capacityFoh),
  consumedOnline: int(occurrences.consumedOnline),
  consumedFoh: int(occurrences.consumedFoh),
  price: occurrences.price,
  friendlyLocationName: occurrences.friendlyLocationName,
  setupMinutes: occurrences.setupMinutes,
  teardownMinutes: occurrences.teardownMinutes,
  lastBookableAt: epochMs(occurrences.lastBookableAt),
  allowAnonymousBookings: occurrences.allowAnonymousBookings,
  isDetachedFromRecurrence: occurrences.isDetachedFromRecurrence,
  locationIds: occurrences.locationIds,
  instructorIds: occurrences.instructorIds,
  waitlistMaximum: occurrences.waitlistMaximum,
  clashes: occurrences.clashes,
  scheduleName: schedules.name,
  scheduleDescription: schedules.description,
  scheduleReference: schedules.reference,
  bookingStrategy: schedules.bookingStrategy,
  tags: schedules.tags,
  venueName: venues.name,
  tickets: occurrenceFields.tickets,
  waitlistConsumed: occurrenceFields.waitlistConsumed,
};

// Each row is one JSON object (json_build_object takes up to 50 pairs): the driver decodes one text and parses it
// natively, where 37 columns cost a decode and a parser call each, and a description of 37 fields per execution.
const dayRow = sql<DayRow>`json_build_object(${sql.join(
  Object.entries(dayFields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
  sql`, `,
)})`.as('row');

// The day's sessions: a venue's live sessions of some categories starting in [from, to).
const dayWhere = () =>
  and(
    eq(occurrences.clientId, sql.placeholder('client')),
    isNull(occurrences.deletedAt),
    eq(occurrences.venueId, sql.placeholder('venue')),
    sql`${occurrences.categoryId} = ANY(${sql.placeholder('categories')})`,
    gte(occurrences.startsAt, sql.placeholder('from')),
    lt(occurrences.startsAt, sql.placeholder('to')),
  );

// The visitor's day: each row as the JSON text of a flat record (`row_to_json` over the day's columns, named by their
// keys), left as text by the driver. Postgres writes a record's JSON in about 60% of the time it takes
// `json_build_object` to write the same 37 pairs, and a row's text is what the views' memo knows it by (decision 307).
const prepareDay = (db: Conn) => {
  const day = db
    .select(Object.fromEntries(Object.entries(dayFields).map(([key, value]) => [key, sql`${value}`.as(key)])))
    .from(occurrences)
    .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
    .innerJoin(venues, eq(venues.id, occurrences.venueId))
    .where(dayWhere())
    .as('day');
  return (
    db
      // The subquery by its alias: interpolated, drizzle would write it out whole.
      .select({ row: sql<string>`row_to_json("day")::text`.as('row') })
      .from(day)
      .orderBy(sql`"day"."startsAt"`, sql`"day".id`)
      // `all` (the driver's rows, unmapped) is on every driver's prepared query, though drizzle's select type omits it.
      .prepare('timetable_day_rows') as unknown as { all(values: Record<string, unknown>): Promise<{ row: string }[]> }
  );
};

const dayStatement = perDatabase(prepareDay);

const dayRowOf = (r: DayRow): SessionRow => ({
  occurrence: {
    id: r.id,
    scheduleId: r.scheduleId,
    recurrenceId: r.recurrenceId,
    categoryId: r.categoryId,
    bookingType: r.bookingType,
    intervalKey: r.intervalKey,
    startsAt: new Date(r.startsAt),
    endsAt: new Date(r.endsAt),
    originalStartsAt: new Date(r.originalStartsAt),
    originalEndsAt: new Date(r.originalEndsAt),
    status: r.status,
    capacityStrategy: r.capacityStrategy,
    capacityMaximum: r.capacityMaximum,
    capacityConsumed: r.capacityConsumed,
    capacityOnline: r.capacityOnline,
    capacityFoh: r.capacityFoh,
    consumedOnline: r.consumedOnline,
    consumedFoh: r.consumedFoh,
    price: r.price,
    friendlyLocationName: r.friendlyLocationName,
    setupMinutes: r.setupMinutes,
    teardownMinutes: r.teardownMinutes,
    lastBookableAt: r.lastBookableAt === null ? null : new Date(r.lastBookableAt),
    allowAnonymousBookings: r.allowAnonymousBookings,
    isDetachedFromRecurrence: r.isDetachedFromRecurrence,
    locationIds: r.locationIds,
    instructorIds: r.instructorIds,
    waitlistMaximum: r.waitlistMaximum,
    clashes: r.clashes,
    // The day reads live sessions only.
    deletedAt: null,
  },
  scheduleName: r.scheduleName,
  scheduleDescription: r.scheduleDescription,
  scheduleReference: r.scheduleReference,
  bookingStrategy: r.bookingStrategy,
  tags: r.tags,
  venueName: r.venueName,
  tickets: r.tickets,
  waitlistConsumed: r.waitlistConsumed,
});

/** A row of the visitor's day, from its JSON text. */
export const dayRowFromText = (text: string): SessionRow => dayRowOf(JSON.parse(text) as DayRow);

/**
 * The day timetable's query, prepared once per database: the most read query skips Postgres's planning (about 2 ms
 * with this table's indexes, four times its execution). Each row comes as the text of one JSON object, read raw
 * (`all`): drizzle's generic row mapping (a class check per field of every row) and the driver's decoding of 37
 * columns (five timestamps parsed) were a third of a day of courts' time in the process (decision 273); a row whose
 * text the process has seen before is not parsed at all (`dayRowFromText`, decision 307).
 */
export async function findDay(
  db: Conn,
  f: { clientId: number; venueId: number; categoryIds: number[]; from: Date; to: Date },
): Promise<string[]> {
  const statement = dayStatement(db);
  const rows = await statement.all({ client: f.clientId, venue: f.venueId, categories: f.categoryIds, from: f.from, to: f.to });
  return rows.map((r) => r.row);
}

export type OccurrenceRow = Awaited<ReturnType<typeof findOccurrences>>[number];

export interface CustomerContext {
  /** Their live bookings that overlap the window: both "my booking on this session" and "busy at this time". */
  live: { occurrenceId: string; status: string; startsAt: Date; endsAt: Date }[];
  /** The sessions (of those asked about) they are on the waitlist of. */
  waiting: Set<string>;
  /** Their place in each queue they wait in (1 = next to be offered a place). */
  positions: Map<string, number>;
  /**
   * Pre-purchase waivers and inductions of the schedules asked about, with what meeting each takes; which are unmet
   * depends on each session's start (an induction must be over by then), so the view decides (decision 081).
   */
  unmet: TimetableRestriction[];
}

type CustomerRow = {
  live: { occurrenceId: string; status: string; startsAt: string; endsAt: string }[];
  waiting: { id: string; position: number }[];
  unmet: CustomerContext['unmet'];
};

/**
 * What a customer holds, as three JSON fields: their live bookings overlapping [from, to), their waitlist places
 * among `ids` and the unmet restrictions of `scheduleIds`. Each argument is SQL: placeholders (arrays for `ids` and
 * `scheduleIds`) for a list's statement; for the day's (`timetable_day_customer`), subqueries on the day's own rows.
 */
const customerFields = (user: SQL, ids: SQL, scheduleIds: SQL, from: SQL, to: SQL, now: SQL) => ({
  live: sql<
    CustomerRow['live']
  >`(SELECT coalesce(json_agg(json_build_object('occurrenceId', o.id, 'status', b.status, 'startsAt', o.starts_at, 'endsAt', o.ends_at)), '[]'::json)
    FROM ${bookings} b JOIN ${occurrences} o ON o.id = b.occurrence_id
    WHERE b.user_id = ${user} AND b.status <> 'cancelled'
      AND (b.status = 'settled' OR b.hold_expires_at > ${now})
      AND o.starts_at < ${to} AND o.ends_at > ${from})`,
  waiting: sql<CustomerRow['waiting']>`(SELECT coalesce(json_agg(json_build_object('id', w.occurrence_id, 'position',
      (SELECT count(*)::int FROM ${waitlistEntries} w2 WHERE w2.occurrence_id = w.occurrence_id AND w2.status = 'waiting'
        AND (w2.created_at, w2.id) <= (w.created_at, w.id)))), '[]'::json)
    FROM ${waitlistEntries} w WHERE w.user_id = ${user} AND w.status = 'waiting'
      AND w.occurrence_id = ANY(${ids}))`,
  // Pre-purchase waivers and inductions of the schedules asked about, with what meeting each takes (decision 081).
  unmet: sql<CustomerRow['unmet']>`${attachedForTimetable(user, scheduleIds, now)}`,
});

// Spelled out with its table: drizzle writes a selected field's columns unqualified, and every subquery has an id.
const customerId = sql`${users}.id`;

/**
 * A parameter the planner cannot see into (a one-value subquery, evaluated once per execution): a custom plan then
 * estimates as the generic plan does, so Postgres settles on the generic plan after its first five executions and
 * stops planning the statement per call. Seen as values, the small arrays made every custom plan look cheaper than
 * the generic one, so `timetable_customer` was planned on every call: 1.8 ms of Postgres's CPU against 0.2-0.4 ms to
 * run it (decision 297).
 */
// Cast again outside: `= ANY((SELECT …))` would be read as a subquery of rows, not an array.
const opaque = (name: string, type: string) => sql`((SELECT ${sql.placeholder(name)}::${sql.raw(type)})::${sql.raw(type)})`;

const prepareCustomer = (db: Conn) =>
  db
    .select(
      customerFields(
        customerId,
        opaque('ids', 'text[]'),
        opaque('schedules', 'int[]'),
        opaque('from', 'timestamptz'),
        opaque('to', 'timestamptz'),
        opaque('now', 'timestamptz'),
      ),
    )
    .from(users)
    .where(eq(users.id, sql.placeholder('user')))
    .prepare('timetable_customer');

const customerStatement = perDatabase(prepareCustomer);

/**
 * What a customer holds around a set of sessions, in one prepared statement (one round trip, no planning): their
 * live bookings that overlap [from, to), their waitlist places among `ids` and the unmet restrictions of
 * `scheduleIds` (pass none to skip them). Three statements cost a logged-in timetable three times a visitor's.
 */
export async function customerContext(
  db: Conn,
  q: { userId: number; ids: string[]; scheduleIds: number[]; from: Date; to: Date; now: Date },
): Promise<CustomerContext> {
  const statement = customerStatement(db);
  const [row] = await statement.execute({ user: q.userId, ids: q.ids, schedules: q.scheduleIds, from: q.from, to: q.to, now: q.now });
  return contextOf(row);
}

const contextOf = (row: CustomerRow | undefined): CustomerContext => ({
  live: (row?.live ?? []).map((b) => ({ ...b, startsAt: new Date(b.startsAt), endsAt: new Date(b.endsAt) })),
  waiting: new Set((row?.waiting ?? []).map((w) => w.id)),
  positions: new Map((row?.waiting ?? []).map((w) => [w.id, w.position])),
  unmet: row?.unmet ?? [],
});

// The day's rows as a CTE, for the logged-in day: its ids, schedules and window feed what the customer holds.
const dayCte = (db: Conn) =>
  db.$with('day').as(
    db
      .select({
        id: occurrences.id,
        scheduleId: occurrences.scheduleId,
        startsAt: occurrences.startsAt,
        endsAt: occurrences.endsAt,
        row: dayRow,
      })
      .from(occurrences)
      .innerJoin(schedules, eq(schedules.id, occurrences.scheduleId))
      .innerJoin(venues, eq(venues.id, occurrences.venueId))
      .where(dayWhere()),
  );

const prepareCustomerDay = (db: Conn) => {
  const day = dayCte(db);
  return db
    .with(day)
    .select({
      rows: sql<DayRow[]>`(SELECT coalesce(json_agg(${day.row} ORDER BY ${day.startsAt}, ${day.id}), '[]'::json) FROM ${day})`,
      ...customerFields(
        sql`${sql.placeholder('user')}::int`,
        // `= ANY(SELECT …)`: the day's rows, not an array.
        sql`SELECT ${day.id} FROM ${day}`,
        // Restrictions are a customer's to meet: none are read unless asked for (staff, not booking for someone).
        sql`SELECT ${day.scheduleId} FROM ${day} WHERE ${sql.placeholder('restrictions')}::boolean`,
        sql`(SELECT min(${day.startsAt}) FROM ${day})`,
        sql`(SELECT max(${day.endsAt}) FROM ${day})`,
        sql`${sql.placeholder('now')}::timestamptz`,
      ),
    })
    .from(venues)
    .where(eq(venues.id, sql.placeholder('venue')))
    .prepare('timetable_day_customer');
};

const customerDayStatement = perDatabase(prepareCustomerDay);

/**
 * A logged-in day in one statement (one round trip, like a visitor's): the day's rows, as `findDay` reads them, and
 * what the customer holds around them (`customerContext`'s three fields), worked out by Postgres from the day's own
 * rows (decision 274).
 */
export async function findCustomerDay(
  db: Conn,
  f: { clientId: number; venueId: number; categoryIds: number[]; from: Date; to: Date; userId: number; restrictions: boolean; now: Date },
): Promise<{ rows: SessionRow[]; mine: CustomerContext }> {
  const statement = customerDayStatement(db);
  const [row] = await statement.execute({
    client: f.clientId,
    venue: f.venueId,
    categories: f.categoryIds,
    from: f.from,
    to: f.to,
    user: f.userId,
    restrictions: f.restrictions,
    now: f.now,
  });
  return { rows: (row?.rows ?? []).map(dayRowOf), mine: contextOf(row) };
}

/**
 * How many live sessions each local day has, counting only those that have not ended by `now`: a day whose sessions
 * have all passed is not a day to open the timetable on (issue 13, defect 5).
 */
export async function datesWithSessions(
  db: Conn,
  clientId: number,
  venueId: number,
  categoryIds: number[],
  from: Date,
  to: Date,
  tz: string,
  now: Date,
) {
  const day = sql<string>`to_char(${occurrences.startsAt} AT TIME ZONE ${tz}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, sessions: sql<number>`count(*)::int` })
    .from(occurrences)
    .where(
      and(
        eq(occurrences.clientId, clientId),
        eq(occurrences.venueId, venueId),
        inArray(occurrences.categoryId, categoryIds),
        isNull(occurrences.deletedAt),
        ne(occurrences.status, 'cancelled'),
        gte(occurrences.startsAt, from),
        lt(occurrences.startsAt, to),
        gt(occurrences.endsAt, now),
      ),
    )
    // By position: the time zone is a parameter, so each mention of the expression would be a different one.
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({ day: r.day, sessions: Number(r.sessions) }));
}

/** Ticket types of the ticketed schedules of a category at a venue. */
export async function ticketTypesOf(db: Conn, clientId: number, venueId: number, categoryId: number) {
  return db
    .select({
      id: pricingOptions.id,
      name: pricingOptions.name,
      reference: pricingOptions.reference,
      attendees: pricingOptions.attendees,
      price: pricingOptions.price,
      minAge: pricingOptions.minAge,
      maxAge: pricingOptions.maxAge,
    })
    .from(pricingOptions)
    .innerJoin(schedules, eq(schedules.id, pricingOptions.scheduleId))
    .where(
      and(
        eq(schedules.clientId, clientId),
        eq(schedules.venueId, venueId),
        eq(schedules.categoryId, categoryId),
        eq(schedules.bookingType, 'ticketed'),
      ),
    )
    .orderBy(asc(pricingOptions.id));
}

/** A live (not deleted) occurrence of a client, locked for the rest of the transaction; null when there is none. */
export async function lockOccurrence(tx: Conn, clientId: number, id: string) {
  const [o] = await tx
    .select()
    .from(occurrences)
    .where(and(eq(occurrences.id, id), eq(occurrences.clientId, clientId), isNull(occurrences.deletedAt)))
    .for('update');
  return o ?? null;
}
