import { type CampOffer, campChoice, isSessionSelectable } from '@app/domain';
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
 * A camp whose own action is not 'book' because the customer already holds some of its days is still bookable:
 * its booking page offers the rest of the camp, or more single days (doc 2's camp rules).
 */
export function canBookMoreOfCamp(p: ProgrammeInfo, now: Date): boolean {
  const offer = campOffer(p, now);
  return campChoice(offer).alreadyBookedSome && offer.sessions.some(isSessionSelectable);
}
