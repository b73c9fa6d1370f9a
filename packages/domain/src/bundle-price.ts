/**
 * What a course or camp bundle in a basket holds and costs (document 2, sections 4 and 9): a course from its next
 * session at the pro-rata price once started (when late joining is allowed); a camp whole (bundled price, before it
 * starts) or by chosen sessions (the individual price per session).
 */
export interface ProgrammeForSale {
  kind: 'courses' | 'camps';
  /** Whole course or whole camp price; null when not sold that way. */
  price: number | null;
  /** Camps: the price of one session bought individually. */
  individualPrice: number | null;
  /** Camps: 'bundled' and/or 'individual'. */
  availability: string[];
  allowBookAfterStart: boolean;
  sessions: { id: string; startsAt: Date }[];
}

export interface BundleChoice {
  bookingFullCamp?: boolean | undefined;
  campOccurrenceIds?: string[] | undefined;
  /** Camps: the sessions the attendee already booked (settled) and what each cost; the full camp buys the rest. */
  held?: { id: string; price: number }[] | undefined;
}

export type BundleRefusal =
  | 'started'
  | 'not_for_sale'
  | 'bundled_not_offered'
  | 'individual_not_offered'
  | 'session_unknown'
  | 'already_booked';

/**
 * The rest of a camp bought as the full camp by someone who booked some of its sessions already
 * (docs/decisions/082-camp-rest-as-full.md): the camp's price less what their booked sessions cost, so the whole camp
 * costs no more than the camp price, and never more than the remaining sessions bought one by one.
 */
export function campRestPrice(campPrice: number, paidForHeld: number, individualPrice: number | null, remaining: number): number {
  const topUp = Math.max(0, campPrice - paidForHeld);
  return individualPrice === null ? topUp : Math.min(topUp, individualPrice * remaining);
}

export type BundleQuote = { ok: true; sessionIds: string[]; price: number } | { ok: false; reason: BundleRefusal };

export function quoteBundle(p: ProgrammeForSale, choice: BundleChoice, now: Date): BundleQuote {
  const sorted = [...p.sessions].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const upcoming = sorted.filter((s) => s.startsAt > now);
  const started = sorted.length > 0 && (sorted[0] as { startsAt: Date }).startsAt <= now;
  if (sorted.length === 0) return { ok: false, reason: 'not_for_sale' };

  if (p.kind === 'courses') {
    if (p.price === null) return { ok: false, reason: 'not_for_sale' };
    if (upcoming.length === 0 || (started && !p.allowBookAfterStart)) return { ok: false, reason: 'started' };
    const price = started ? Math.round((p.price * upcoming.length) / sorted.length) : p.price;
    return { ok: true, sessionIds: upcoming.map((s) => s.id), price };
  }

  if (choice.bookingFullCamp !== false) {
    if (!p.availability.includes('bundled') || p.price === null) return { ok: false, reason: 'bundled_not_offered' };
    if (started) return { ok: false, reason: 'started' };
    const held = new Map((choice.held ?? []).map((h) => [h.id, h.price]));
    if (held.size === 0) return { ok: true, sessionIds: sorted.map((s) => s.id), price: p.price };
    const rest = sorted.filter((s) => !held.has(s.id));
    if (rest.length === 0) return { ok: false, reason: 'already_booked' };
    const paid = [...held.values()].reduce((n, x) => n + x, 0);
    return { ok: true, sessionIds: rest.map((s) => s.id), price: campRestPrice(p.price, paid, p.individualPrice, rest.length) };
  }
  if (!p.availability.includes('individual') || p.individualPrice === null) return { ok: false, reason: 'individual_not_offered' };
  const wanted = [...new Set(choice.campOccurrenceIds ?? [])];
  if (wanted.length === 0) return { ok: false, reason: 'session_unknown' };
  const upcomingIds = new Set(upcoming.map((s) => s.id));
  if (wanted.some((id) => !upcomingIds.has(id))) return { ok: false, reason: 'session_unknown' };
  return { ok: true, sessionIds: upcoming.filter((s) => wanted.includes(s.id)).map((s) => s.id), price: p.individualPrice * wanted.length };
}

/**
 * A bundle's price shared out over its sessions, one part per session in the order given, so that the parts add up
 * to the whole: each part is the whole divided evenly, rounded down, and the pennies left over go one each to the
 * first sessions. A booking refunded on its own then gives back its true share, and refunding every session gives
 * back exactly what was paid (£114.00 over 7 days is 4 x £16.29 and 3 x £16.28, not 7 x £16.28).
 */
export function splitEvenly(total: number, parts: number): number[] {
  if (!Number.isInteger(parts) || parts < 1) return [];
  const whole = Math.max(0, Math.trunc(total));
  const each = Math.floor(whole / parts);
  const left = whole - each * parts;
  return Array.from({ length: parts }, (_, i) => each + (i < left ? 1 : 0));
}

/** Extras priced per unit times quantity (0 to 10 each). */
export const extrasTotal = (extras: { price: number; quantity: number }[]): number => extras.reduce((n, e) => n + e.price * e.quantity, 0);
