/**
 * What a customer pays for a session they add, given what they hold: a package with a use left pays for it whole;
 * otherwise a membership's activity discount takes its percentage off. Pure; the caller finds what they hold.
 */
export interface HeldBenefits {
  /** A package that covers this session's category and has a use left, if any. */
  packageId: number | null;
  /** The best activity discount of the customer's active memberships, in percent (0 for none). */
  discountPercent: number;
}

export type PriceAfterBenefits =
  | { price: number; applied: null }
  | { price: number; applied: { kind: 'package'; packageId: number; fullPrice: number } }
  | { price: number; applied: { kind: 'benefit'; percent: number; fullPrice: number } };

export function priceAfterBenefits(fullPrice: number, held: HeldBenefits): PriceAfterBenefits {
  if (fullPrice <= 0) return { price: fullPrice, applied: null };
  if (held.packageId !== null) return { price: 0, applied: { kind: 'package', packageId: held.packageId, fullPrice } };
  const percent = Math.min(100, Math.max(0, Math.floor(held.discountPercent)));
  if (percent === 0) return { price: fullPrice, applied: null };
  return { price: Math.round((fullPrice * (100 - percent)) / 100), applied: { kind: 'benefit', percent, fullPrice } };
}
