/**
 * Waivers and inductions (doc 2, "Restriction"): which a booking needs before it is added (pre-purchase), which are
 * collected per attendee before the order completes (post-purchase), and whether a person has met one
 * (docs/decisions/081-waivers-and-inductions.md).
 */

export const restrictionKinds = {
  /** Agreed once per person, remembered with the terms version, until it expires or the terms change. */
  'pre-purchase-waiver': { when: 'pre', kind: 'waiver' },
  /** Agreed with every booking: never remembered for the next one. */
  'enhanced-pre-waiver': { when: 'pre', kind: 'waiver' },
  /** Met by a booking of its related category (not marked absent) that ends before the gated session starts. */
  'pre-purchase-induction': { when: 'pre', kind: 'induction' },
  /** Agreed per attendee before the order completes (the /attendees page), then remembered like a waiver. */
  'post-purchase-waiver': { when: 'post', kind: 'waiver' },
  'post-purchase-induction': { when: 'post', kind: 'waiver' },
} as const;

export type RestrictionType = keyof typeof restrictionKinds;

export const isPrePurchase = (type: string): boolean => restrictionKinds[type as RestrictionType]?.when === 'pre';
export const isPostPurchase = (type: string): boolean => restrictionKinds[type as RestrictionType]?.when === 'post';
/** Agreed by ticking the terms (every type but the pre-purchase induction, which is met by booking). */
export const isAgreedByTerms = (type: string): boolean => restrictionKinds[type as RestrictionType]?.kind === 'waiver';

export interface Agreement {
  termsVersion: number;
  expiresAt: Date | null;
}

/** When an agreement made now runs out: after the operator's period, or never. */
export function agreementExpiry(agreedAt: Date, validForDays: number | null): Date | null {
  return validForDays === null ? null : new Date(agreedAt.getTime() + validForDays * 86_400_000);
}

/** A person's latest agreement still counts: it was to the terms as they are now, and has not expired. */
export function agreementCurrent(a: Agreement | null | undefined, termsVersion: number, now: Date): boolean {
  return !!a && a.termsVersion === termsVersion && (a.expiresAt === null || a.expiresAt > now);
}

export interface AttachedRestriction {
  id: number;
  type: string;
  criteria: 'all' | 'any';
  met: boolean;
}

/**
 * The restrictions still to meet: each one with criteria 'all' that is not met, and, when none of those with
 * criteria 'any' is met, all of them (meeting one is enough). The same restriction attached twice (to the schedule
 * and its category) counts once.
 */
export function unmetRestrictions<R extends AttachedRestriction>(attached: R[]): R[] {
  const seen = new Set<number>();
  const unique = attached.filter((r) => !seen.has(r.id) && seen.add(r.id));
  const all = unique.filter((r) => r.criteria === 'all' && !r.met);
  const any = unique.filter((r) => r.criteria === 'any');
  const anyMet = any.some((r) => r.met);
  return [...all, ...(anyMet ? [] : any)];
}

export interface Standing {
  type: string;
  /** Waivers: the person's latest agreement is current (agreementCurrent). */
  agreed: boolean;
  /** Inductions: recorded by staff as done in person. */
  done: boolean;
  /** Inductions: when the person's earliest paid, not absent, session of the related category ends. */
  inductionEndsAt: Date | null;
}

/**
 * Whether a person has met a restriction for a session starting at `startsAt`: a pre-purchase or post-purchase
 * waiver by a current agreement; an enhanced waiver never (it is agreed with each booking); an induction when done in
 * person, or when their induction session ends no later than this session starts.
 */
export function restrictionMet(s: Standing, startsAt: Date): boolean {
  if (s.type === 'enhanced-pre-waiver') return false;
  if (s.type === 'pre-purchase-induction') return s.done || (s.inductionEndsAt !== null && s.inductionEndsAt <= startsAt);
  return s.agreed;
}
