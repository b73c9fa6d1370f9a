import { formatMoney } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartHashContent, cartTotals, formattedTotals } from './cart';

describe('money formatting', () => {
  it('puts no space after £ and a space after other symbols, always 2 decimals', () => {
    expect(formatMoney(650, 'GBP')).toBe('£6.50');
    expect(formatMoney(0, 'GBP')).toBe('£0.00');
    expect(formatMoney(1_234_505, 'GBP')).toBe('£12345.05');
    expect(formatMoney(650, 'EUR')).toBe('€ 6.50');
    expect(formatMoney(7, 'USD')).toBe('$ 0.07');
    expect(formatMoney(-250, 'GBP')).toBe('-£2.50');
  });

  it('shows exactly two decimals for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom('GBP', 'EUR', 'USD'), (n, cur) => {
        expect(formatMoney(n, cur)).toMatch(/^(£|€ |\$ )\d+\.\d\d$/);
      }),
    );
  });
});

describe('basket totals', () => {
  it('sums lines, counts items and takes applied payment lines off the balance, never below 0', () => {
    const lines = [
      { id: 1, quantity: 1, unitPrice: 650 },
      { id: 2, quantity: 2, unitPrice: 1000 },
    ];
    expect(cartTotals(lines)).toEqual({ total: 2650, taxTotal: 0, subTotal: 2650, balance: 2650, itemCount: 2 });
    expect(cartTotals(lines, [{ amount: 2000 }]).balance).toBe(650);
    expect(cartTotals(lines, [{ amount: 5000 }]).balance).toBe(0);
    expect(formattedTotals(cartTotals(lines, [{ amount: 2000 }]), 'GBP')).toEqual({ formattedTotal: '£26.50', formattedBalance: '£6.50' });
    expect(cartTotals([])).toMatchObject({ total: 0, itemCount: 0 });
  });

  it('hash content changes whenever a line, quantity, price or choice changes', () => {
    const base = [{ id: 1, quantity: 1, unitPrice: 650, options: { a: 1 } }];
    const h = cartHashContent('u', base);
    expect(cartHashContent('u', [{ ...base[0]!, quantity: 2 }])).not.toBe(h);
    expect(cartHashContent('u', [{ ...base[0]!, unitPrice: 651 }])).not.toBe(h);
    expect(cartHashContent('u', [{ ...base[0]!, options: { a: 2 } }])).not.toBe(h);
    expect(cartHashContent('u', [...base, { id: 2, quantity: 1, unitPrice: 0 }])).not.toBe(h);
    expect(cartHashContent('u', base)).toBe(h);
  });
});
