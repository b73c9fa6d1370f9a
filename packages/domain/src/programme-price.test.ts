import { describe, expect, it } from 'vitest';
import { coursePrice } from './programme-price';

describe('coursePrice', () => {
  it('is the pro-rata price when there is one, else the price', () => {
    expect(coursePrice({ price: 4800, proRataPrice: 3200 })).toBe(3200);
    expect(coursePrice({ price: 4800, proRataPrice: null })).toBe(4800);
    expect(coursePrice({ price: null, proRataPrice: null })).toBeNull();
  });
});
