import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashUp, changeDue, expectedCash } from './till';

const amount = fc.integer({ min: 0, max: 1_000_000 });
const movements = fc.record({ float: amount, cashSales: amount, cashRefunds: amount, paidOut: amount });

describe('cash-up', () => {
  it('expects the float plus cash sales less refunds and pay-outs', () => {
    expect(expectedCash({ float: 10_000, cashSales: 4_550, cashRefunds: 500, paidOut: 2_000 })).toBe(12_050);
    expect(cashUp({ float: 10_000, cashSales: 4_550, cashRefunds: 500, paidOut: 2_000 }, 12_000)).toEqual({
      expected: 12_050,
      counted: 12_000,
      difference: -50,
      status: 'short',
    });
  });

  it('says balanced, over or short by the sign of counted minus expected, and the figures add up', () => {
    fc.assert(
      fc.property(movements, amount, (m, counted) => {
        const r = cashUp(m, counted);
        expect(r.expected + r.difference).toBe(counted);
        expect(r.status).toBe(r.difference === 0 ? 'balanced' : r.difference > 0 ? 'over' : 'short');
        expect(cashUp(m, r.expected).status).toBe('balanced');
      }),
    );
  });
});

describe('changeDue', () => {
  it('gives back what was handed over beyond what is owed, and refuses cash that does not cover it', () => {
    expect(changeDue(450, 2_000)).toBe(1_550);
    expect(changeDue(450, 450)).toBe(0);
    expect(changeDue(450, 400)).toBeNull();
    fc.assert(
      fc.property(amount, amount, (owed, tendered) => {
        const change = changeDue(owed, tendered);
        if (tendered < owed) expect(change).toBeNull();
        else expect((change as number) + owed).toBe(tendered);
      }),
    );
  });
});
