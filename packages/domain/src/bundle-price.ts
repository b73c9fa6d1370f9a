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
}

export type BundleRefusal = 'started' | 'not_for_sale' | 'bundled_not_offered' | 'individual_not_offered' | 'session_unknown';

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
    return { ok: true, sessionIds: sorted.map((s) => s.id), price: p.price };
  }
  if (!p.availability.includes('individual') || p.individualPrice === null) return { ok: false, reason: 'individual_not_offered' };
  const wanted = [...new Set(choice.campOccurrenceIds ?? [])];
  if (wanted.length === 0) return { ok: false, reason: 'session_unknown' };
  const upcomingIds = new Set(upcoming.map((s) => s.id));
  if (wanted.some((id) => !upcomingIds.has(id))) return { ok: false, reason: 'session_unknown' };
  return { ok: true, sessionIds: upcoming.filter((s) => wanted.includes(s.id)).map((s) => s.id), price: p.individualPrice * wanted.length };
}

/** Extras priced per unit times quantity (0 to 10 each). */
export const extrasTotal = (extras: { price: number; quantity: number }[]): number => extras.reduce((n, e) => n + e.price * e.quantity, 0);
