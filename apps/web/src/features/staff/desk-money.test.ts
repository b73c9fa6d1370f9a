import { describe, expect, it } from 'vitest';
import { penceOf, tenderLines } from './desk-money';

describe('penceOf', () => {
  it('reads pounds and pence as typed at the desk', () => {
    expect(penceOf('20')).toBe(2000);
    expect(penceOf('20.5')).toBe(2050);
    expect(penceOf(' 0.05 ')).toBe(5);
    expect(penceOf('100.00')).toBe(10_000);
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', '-1', '1.234', 'abc', '1e3', '£5']) expect(penceOf(bad)).toBeNull();
  });
});

describe('tenderLines (decision 261)', () => {
  it('pays the whole total with one line, whatever its amount says', () => {
    expect(tenderLines([{ tender: 'cash', amount: '' }], 4800)).toEqual({
      payments: [{ tenderType: 'cash', amount: 4800 }],
      left: 0,
      cash: 4800,
      credit: 0,
    });
  });
  it('splits across lines, saying what is left and the cash and credit parts', () => {
    const split = tenderLines(
      [
        { tender: 'cash', amount: '20' },
        { tender: 'card', amount: '28' },
      ],
      4800,
    );
    expect(split).toEqual({
      payments: [
        { tenderType: 'cash', amount: 2000 },
        { tenderType: 'card', amount: 2800 },
      ],
      left: 0,
      cash: 2000,
      credit: 0,
    });
    expect(
      tenderLines(
        [
          { tender: 'general-credit', amount: '10' },
          { tender: 'card', amount: '' },
        ],
        4800,
      ),
    ).toMatchObject({
      payments: null,
      left: 3800,
      credit: 1000,
    });
    expect(
      tenderLines(
        [
          { tender: 'cash', amount: '30' },
          { tender: 'card', amount: '30' },
        ],
        4800,
      ).left,
    ).toBe(-1200);
  });
});
