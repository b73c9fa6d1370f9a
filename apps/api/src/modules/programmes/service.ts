import { type Category, checkoutMessages, INT32_MAX, type Programme, toMoney, toZonedDateTime } from '@app/contracts';
import { campRestPrice, listMeta, programmeAction } from '@app/domain';
import type { AuthedCtx, Ctx } from '../../http/context';
import { notFound } from '../../lib/errors';
import { actingUserId } from '../auth/acting-for';
import { heldSessions } from '../booking-bundles/queries';
import { type CategoryTree, categoryTree, toCategory } from '../catalogue/service';
import { sectionsForScopes } from '../questions/sections';
import { occurrenceViews } from '../timetable/occurrence-view';
import { bookableCategoryCounts, extrasOf, findProgrammes, type ProgrammeFilter, type ProgrammeRow } from './queries';

const WEEK = 7 * 86_400_000;

export interface ProgrammeListFilters {
  category_ids?: number[];
  category_slugs?: string[];
  venue_ids?: number[];
  venue_slugs?: string[];
  starts_after?: string;
  starts_before?: string;
  page: number;
  per_page: number;
}

/** A course's or camp's URL name: its name in kebab case and its id, so it reads well and resolves exactly. */
export const programmeSlug = (name: string, id: number) =>
  `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-${id}`;

/** The schedule id a programme slug or id names (none when the number cannot be an id). */
export const programmeIdOf = (slugOrId: string): number | null => {
  const m = /(?:^|-)(\d+)$/.exec(slugOrId);
  const id = m ? Number(m[1]) : null;
  return id !== null && id >= 1 && id <= INT32_MAX ? id : null;
};

function filterOf(c: Ctx, bookingType: 'courses' | 'camps', q: Partial<ProgrammeListFilters>): ProgrammeFilter {
  return {
    clientId: c.client.id,
    bookingType,
    ...(q.category_ids ? { categoryIds: q.category_ids } : {}),
    ...(q.category_slugs ? { categorySlugs: q.category_slugs } : {}),
    ...(q.venue_ids ? { venueIds: q.venue_ids } : {}),
    ...(q.venue_slugs ? { venueSlugs: q.venue_slugs } : {}),
    ...(q.starts_after ? { startsAfter: new Date(q.starts_after) } : {}),
    ...(q.starts_before ? { startsBefore: new Date(q.starts_before) } : {}),
  };
}

/**
 * Courses and camps as document 2 shapes them. A course's pro-rata price is the share of its sessions still to come,
 * offered once it has started when late joining is allowed; a camp's full price is null once it has started or when
 * it is not sold bundled. With an attendee (the customer, or the selected user they book for), sessions, the
 * bookable action and a camp's price are theirs: a camp they booked some days of costs what the rest costs
 * (decision 082).
 */
async function describe(c: Ctx, rows: ProgrammeRow[], attendeeId?: number): Promise<Programme[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.schedule.id);
  const scopeOf = (r: ProgrammeRow) => ({
    scheduleId: r.schedule.id,
    categoryId: r.category.id,
    parentCategoryId: r.category.parentId,
    occurrenceIds: [],
  });
  const [sessions, extras, sectionsOf] = await Promise.all([
    occurrenceViews(c, { scheduleIds: ids }, attendeeId !== undefined ? { customerId: attendeeId } : {}),
    extrasOf(c.db, ids),
    sectionsForScopes(c.db, c.client.id, rows.map(scopeOf)),
  ]);
  const now = c.clock.now();
  const cur = c.client.currency;
  const out: Programme[] = [];
  for (const row of rows) {
    const { schedule: s, category, venue, first, last } = row;
    const own = sessions.filter((o) => o.schedule_id === s.id);
    const upcoming = own.filter((o) => new Date(o.starts_at.utc) > now);
    const started = first !== null && new Date(first) <= now;
    const available = own.length ? Math.min(...own.map((o) => o.capacity.available)) : 0;
    const maximum = own.length ? Math.min(...own.map((o) => o.capacity.maximum)) : 0;
    const isCamp = s.bookingType === 'camps';
    const bundled = s.pricingOptionAvailability.includes('bundled');
    const canJoin = !started || (!isCamp && s.allowBookAfterStart);
    const held = attendeeId === undefined ? [] : upcoming.map((o) => heldBy(o.bookable_action.action));
    const free = upcoming.filter((_, i) => held[i] === undefined || held[i] === null);
    const bookable = canJoin && free.length > 0 && free.every((o) => o.capacity.available > 0);
    const proRata =
      !isCamp && started && s.allowBookAfterStart && s.price !== null && own.length > 0
        ? Math.round((s.price * upcoming.length) / own.length)
        : null;
    let price = s.price === null || (isCamp && (!bundled || started)) ? null : s.price;
    if (isCamp && price !== null && attendeeId !== undefined && held.includes('settled')) {
      const paid = await heldSessions(
        c.db,
        attendeeId,
        own.map((o) => o.id),
      );
      price = campRestPrice(
        price,
        paid.reduce((n, p) => n + p.price, 0),
        s.individualPrice,
        free.length,
      );
    }
    out.push({
      id: s.id,
      name: s.name,
      slug: programmeSlug(s.name, s.id),
      description: s.description,
      duration_in_weeks: first && last ? Math.max(1, Math.ceil((new Date(last).getTime() - new Date(first).getTime()) / WEEK)) : 1,
      category: { id: category.id, name: category.name, slug: category.slug, booking_type: category.bookingType },
      venue: { id: venue.id, name: venue.name, slug: venue.slug },
      starts_at: first ? toZonedDateTime(new Date(first), c.client.timezone) : null,
      ends_at: last ? toZonedDateTime(new Date(last), c.client.timezone) : null,
      instructors: [...new Set(own.flatMap((o) => o.instructors.map((i) => i.name)))],
      price: price === null ? null : toMoney(price, cur),
      pro_rata_price: proRata === null ? null : toMoney(proRata, cur),
      capacity: { available, consumed: maximum - available, maximum },
      allow_customer_book_course_after_start: s.allowBookAfterStart,
      ...(isCamp ? { pricing_option_availability: s.pricingOptionAvailability as ('bundled' | 'individual')[] } : {}),
      occurrences: own,
      bookable_action: programmeAction({
        kind: s.bookingType as 'courses' | 'camps',
        bookable,
        message: started ? checkoutMessages.programmeStarted : checkoutMessages.programmeSoldOut,
        held,
      }),
      custom_question_sections: sectionsOf(scopeOf(row)),
      extras: extras.filter((e) => e.scheduleId === s.id).map((e) => ({ id: e.id, name: e.name, price: toMoney(e.price, cur) })),
    });
  }
  return out;
}

/** What the attendee holds on a session, from its bookable action for them. */
const heldBy = (action: string | null): 'settled' | 'reserved' | null =>
  action === 'cancel_booking' ? 'settled' : action === 'cancel_reservation' ? 'reserved' : null;

/**
 * Whose view a course or camp is: a logged-in customer's own, or the selected user's they book for (a linked user,
 * or for staff a customer); a visitor's (and staff's own) is nobody's.
 */
async function attendeeOf(c: Ctx, selectedUserId: number | undefined): Promise<number | undefined> {
  if (!c.user) return undefined;
  if (selectedUserId === undefined) return c.user.role === 'customer' ? c.user.id : undefined;
  return actingUserId(c as AuthedCtx, selectedUserId);
}

export async function listProgrammes(
  c: Ctx,
  bookingType: 'courses' | 'camps',
  q: ProgrammeListFilters & { selected_user_id?: number | undefined },
) {
  const attendeeId = await attendeeOf(c, q.selected_user_id);
  const { rows, total } = await findProgrammes(c.db, filterOf(c, bookingType, q), { offset: (q.page - 1) * q.per_page, limit: q.per_page });
  return {
    data: await describe(c, rows, attendeeId),
    meta: { ...listMeta(total, q.page, q.per_page), sort_by: 'starts_at', direction: 'ascending' as const },
  };
}

/**
 * One course or camp, by slug or id. A camp's detail page may name the venues and categories it is looking in
 * (doc 2's venueSlugs and categorySlugs): a camp elsewhere is not found there. A course's sessions are, by default
 * (filter_by_first_bookable_at), those still open for booking, which is what joining it now buys; false lists every
 * session, past ones included. Its price, pro-rata price and capacity are the whole course's either way.
 */
export async function oneProgramme(
  c: Ctx,
  bookingType: 'courses' | 'camps',
  slugOrId: string,
  q: {
    selected_user_id?: number | undefined;
    filter_by_first_bookable_at?: boolean | undefined;
    venue_slugs?: string[] | undefined;
    category_slugs?: string[] | undefined;
  },
): Promise<Programme> {
  const id = programmeIdOf(slugOrId);
  if (id === null) throw notFound();
  const attendeeId = await attendeeOf(c, q.selected_user_id);
  const filter = filterOf(c, bookingType, {
    ...(q.venue_slugs ? { venue_slugs: q.venue_slugs } : {}),
    ...(q.category_slugs ? { category_slugs: q.category_slugs } : {}),
  });
  const { rows } = await findProgrammes(c.db, { ...filter, scheduleId: id });
  const [found] = await describe(c, rows, attendeeId);
  if (!found || (/\D/.test(slugOrId) && found.slug !== slugOrId)) throw notFound();
  if (bookingType === 'courses' && q.filter_by_first_bookable_at !== false) {
    const now = c.clock.now();
    return { ...found, occurrences: found.occurrences.filter((o) => stillOpen(o, now)) };
  }
  return found;
}

/** Whether a session is still open for booking: before its last bookable time, or its start when it has none. */
const stillOpen = (o: Programme['occurrences'][number], now: Date) => new Date(o.last_bookable_at ?? o.starts_at.utc) > now;

type BookableQuery = Partial<ProgrammeListFilters> & { filter_by_first_bookable_at?: boolean | undefined };

/**
 * Which categories have sessions that can be booked, within the filters. filter_by_first_bookable_at (default true)
 * keeps only sessions still open for booking now; otherwise any session in the window counts. A parent is bookable
 * when a child is.
 */
async function bookability(c: Ctx, q: BookableQuery) {
  const tree: CategoryTree = await categoryTree(c);
  const now = c.clock.now();
  const counts = await bookableCategoryCounts(c.db, c.client.id, {
    ...(q.venue_ids ? { venueIds: q.venue_ids } : {}),
    startsAfter: q.starts_after ? new Date(q.starts_after) : now,
    ...(q.starts_before ? { startsBefore: new Date(q.starts_before) } : {}),
    ...(q.filter_by_first_bookable_at === false ? {} : { openAt: now }),
  });
  const bookable = (id: number): boolean => (counts.get(id) ?? 0) > 0 || (tree.childrenOf.get(id) ?? []).some((ch) => bookable(ch.id));
  return { tree, bookable };
}

export async function bookableCategoryList(c: Ctx, q: BookableQuery): Promise<Category[]> {
  const { tree, bookable } = await bookability(c, q);
  return tree.rows
    .filter(
      (r) =>
        r.parentId === null &&
        (!q.category_ids || q.category_ids.includes(r.id)) &&
        (!q.category_slugs || q.category_slugs.includes(r.slug)) &&
        (!q.venue_slugs || tree.venuesOf(r).some((v) => q.venue_slugs?.includes(v))) &&
        bookable(r.id),
    )
    .map((r) => toCategory(r, tree, null));
}

/** One bookable category: a top-level one by id, or a child by its parent's id and its own. */
export async function bookableCategory(c: Ctx, q: BookableQuery, id: number, childId?: number): Promise<Category> {
  const { tree, bookable } = await bookability(c, q);
  const parent = tree.byId.get(id);
  const target = childId === undefined ? parent : tree.byId.get(childId);
  if (!parent || !target || (childId !== undefined && target.parentId !== parent.id) || !bookable(target.id)) throw notFound();
  return toCategory(target, tree, null);
}
