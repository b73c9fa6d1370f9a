import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceAfterBenefits } from './benefits';

describe('price after benefits', () => {
  it('a package pays the whole price; otherwise the membership discount applies; nothing held changes nothing', () => {
    expect(priceAfterBenefits(650, { packageId: 7, discountPercent: 20 })).toEqual({
      price: 0,
      applied: { kind: 'package', packageId: 7, fullPrice: 650 },
    });
    expect(priceAfterBenefits(650, { packageId: null, discountPercent: 20 })).toEqual({
      price: 520,
      applied: { kind: 'benefit', percent: 20, fullPrice: 650 },
    });
    expect(priceAfterBenefits(650, { packageId: null, discountPercent: 0 })).toEqual({ price: 650, applied: null });
    expect(priceAfterBenefits(0, { packageId: 7, discountPercent: 50 })).toEqual({ price: 0, applied: null });
  });

  it('never charges more than the full price nor less than 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: -10, max: 150 }), (full, pct) => {
        const { price } = priceAfterBenefits(full, { packageId: null, discountPercent: pct });
        expect(price).toBeGreaterThanOrEqual(0);
        expect(price).toBeLessThanOrEqual(full);
      }),
    );
  });
});
