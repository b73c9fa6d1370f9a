import { type CampOffer, campHasSomethingToBook } from '@app/domain';
import type { ProgrammeInfo } from '../api/get-programmes';

/** The camp's sessions as the domain's camp rules read them. */
export function campOffer(p: ProgrammeInfo, now: Date): CampOffer {
  return {
    availability: p.pricingOptionAvailability ?? [],
    hasBundledPrice: p.price !== null,
    hasIndividualPrice: Boolean(p.occurrences[0]?.price),
    sessions: p.occurrences.map((o) => ({
      id: o.id,
      action: o.bookableAction.action as CampOffer['sessions'][number]['action'],
      available: o.capacity.available,
      past: new Date(o.startsAt.utc) <= now,
    })),
  };
}

/**
 * Whether a course's or camp's booking page has something to book, so its Book link shows. A course: its action is
 * book. A camp's own action is about the whole camp, so a camp with one full day, one that has started, or one the
 * customer already booked some days of is still booked by the day, or the rest of it as the full camp (doc 2's camp
 * rules).
 */
export function canBook(kind: 'courses' | 'camps', p: ProgrammeInfo, now: Date): boolean {
  const action = p.bookableAction.action as CampOffer['sessions'][number]['action'];
  return kind === 'courses' ? action === 'book' : campHasSomethingToBook(campOffer(p, now), action);
}
