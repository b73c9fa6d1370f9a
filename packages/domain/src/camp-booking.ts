import type { BookableActionKind } from '@app/contracts';

/**
 * The camp booking page's rules (doc 2, section 4): full (the whole camp, the default) or individual (chosen
 * sessions), which of the two is forced or disabled, which sessions are pre-selected, and when the button is enabled.
 */

export type CampBookingType = 'full' | 'individual';

export interface CampSessionState {
  id: string;
  /** The session's bookable_action.action for the attendee. */
  action: BookableActionKind | null;
  /** Places left. */
  available: number;
  /** Started or over. */
  past: boolean;
}

export interface CampOffer {
  /** pricing_option_availability: 'bundled' and/or 'individual'. */
  availability: readonly string[];
  /** The camp's (personal) full price is not null. */
  hasBundledPrice: boolean;
  /** Sessions are priced individually (the first session has a price). */
  hasIndividualPrice: boolean;
  sessions: CampSessionState[];
}

/** A session is unavailable when its action is not book or it has no places left (doc 2). */
export const isSessionUnavailable = (s: CampSessionState): boolean => s.action !== 'book' || s.available <= 0;

/** A session that can be ticked: bookable, with a place, not past. */
export const isSessionSelectable = (s: CampSessionState): boolean => !s.past && !isSessionUnavailable(s);

/** The attendee already holds some (not all) of the camp's sessions: the full camp then means the rest of it. */
export const hasBookedSomeSessions = (sessions: CampSessionState[]): boolean => sessions.some((s) => s.action === 'cancel_booking');

export interface CampChoice {
  /** The booking type the page starts on. */
  initial: CampBookingType;
  /** Set when the customer cannot switch away from it. */
  forced: CampBookingType | null;
  fullDisabled: boolean;
  individualDisabled: boolean;
  /** Sessions ticked when the page starts on individual. */
  preselected: string[];
  alreadyBookedSome: boolean;
}

/**
 * Only bundled offered: forced to full. Only individual offered, or some session unavailable: forced to individual
 * with every bookable, non-past session pre-selected. Full is disabled when a session is unavailable or there is no
 * bundled price; individual when there is no individual price. Sessions the attendee already booked do not count as
 * unavailable: the full camp then buys the rest. When full is disabled without being forced away (no bundled price
 * for this customer), the page starts on individual too, pre-selected the same way, so it never opens on a choice
 * that cannot be booked.
 */
export function campChoice(offer: CampOffer): CampChoice {
  const bundled = offer.availability.includes('bundled');
  const individual = offer.availability.includes('individual');
  const alreadyBookedSome = hasBookedSomeSessions(offer.sessions);
  const others = offer.sessions.filter((s) => s.action !== 'cancel_booking');
  const someUnavailable = others.some(isSessionUnavailable);
  const forced: CampBookingType | null =
    bundled && !individual ? 'full' : (individual && !bundled) || someUnavailable ? 'individual' : null;
  const fullDisabled = !bundled || someUnavailable || !offer.hasBundledPrice || others.length === 0;
  const individualDisabled = !individual || !offer.hasIndividualPrice;
  const initial: CampBookingType = forced ?? (fullDisabled && !individualDisabled ? 'individual' : 'full');
  return {
    initial,
    forced,
    fullDisabled,
    individualDisabled,
    preselected: initial === 'individual' ? offer.sessions.filter(isSessionSelectable).map((s) => s.id) : [],
    alreadyBookedSome,
  };
}

export interface CampEnablement {
  type: CampBookingType;
  formValid: boolean;
  /** True when there is no waiver to agree. */
  waiverAgreed: boolean;
  selectedCount: number;
  offer: CampOffer;
  /** The camp's bookable_action.action. */
  campAction: BookableActionKind | null;
}

/**
 * Individual: the form is valid, the waiver agreed, at least one session selected, individual pricing offered and a
 * session bookable. Full: the form is valid, the waiver agreed, and the camp's action is book, or the attendee
 * already booked some sessions and more are bookable.
 */
export function campBookingEnabled(e: CampEnablement): boolean {
  if (!e.formValid || !e.waiverAgreed) return false;
  const choice = campChoice(e.offer);
  if (e.type === 'individual') {
    return !choice.individualDisabled && e.selectedCount >= 1 && e.offer.sessions.some(isSessionSelectable);
  }
  if (choice.fullDisabled) return false;
  if (e.campAction === 'book') return true;
  return choice.alreadyBookedSome && e.offer.sessions.some(isSessionSelectable);
}

/**
 * The action the camp's button is judged by (disabledReason). The camp's own bookable_action is about the whole camp
 * (null with 'sold out' or 'started' once any day is full or the camp has begun); booking by the day is judged by
 * each day's own action instead (doc 2: individual booking is enabled when ... a session is bookable), so the
 * camp's action does not block it.
 */
export function campButtonAction(type: CampBookingType, campAction: BookableActionKind | null): BookableActionKind | null {
  return type === 'individual' ? 'book' : campAction;
}

/**
 * Whether a camp's booking page has something this attendee can book: the whole camp (its action is book and full is
 * not disabled), the rest of it after some days (full, once some days are booked, with more bookable), or days one
 * by one (individual offered and priced, a day selectable). A camp with one full day, or one that has started, is
 * still booked by the day: its Book link stays.
 */
export function campHasSomethingToBook(offer: CampOffer, campAction: BookableActionKind | null): boolean {
  const choice = campChoice(offer);
  const someSelectable = offer.sessions.some(isSessionSelectable);
  if (!choice.individualDisabled && someSelectable) return true;
  if (choice.fullDisabled) return false;
  return campAction === 'book' || (choice.alreadyBookedSome && someSelectable);
}

/**
 * Doc 2, section 9: camps longer than a week list their sessions by week from the camp's start, from week 1. Every
 * date here is the client's local one ('YYYY-MM-DDTHH:mm:ss', the `local` of a zoned time): a camp starting at 00:30
 * on a summer Monday starts on the Monday, not on the Sunday its UTC time falls on.
 */
export function sessionsByWeek<S extends { startsAtLocal: string }>(
  sessions: S[],
  campStartLocal: string,
  durationInWeeks: number,
): { week: number | null; sessions: S[] }[] {
  if (durationInWeeks <= 1) return [{ week: null, sessions }];
  const dayOf = (local: string) => Date.UTC(Number(local.slice(0, 4)), Number(local.slice(5, 7)) - 1, Number(local.slice(8, 10)));
  const start = dayOf(campStartLocal);
  const weeks = new Map<number, S[]>();
  for (const s of sessions) {
    const week = Math.max(0, Math.floor((dayOf(s.startsAtLocal) - start) / (7 * 86_400_000))) + 1;
    weeks.set(week, [...(weeks.get(week) ?? []), s]);
  }
  return [...weeks.entries()].sort(([a], [b]) => a - b).map(([week, list]) => ({ week, sessions: list }));
}
