import { describe, expect, it } from 'vitest';
import { showAmount, showDate, showDateTime, showMoney } from './format';

describe('the one money formatter', () => {
  it('shows 2 decimals from the value, whatever text the call carried', () => {
    expect(showMoney({ value: 650, currency: 'GBP', formatted: '£6.5' } as { value: number; currency: string })).toBe('£6.50');
    expect(showMoney({ value: 1200, currency: 'GBP' })).toBe('£12.00');
    expect(showMoney({ value: 5, currency: 'EUR' })).toBe('€ 0.05');
    expect(showAmount(-250)).toBe('-£2.50');
  });
});

describe('the one date formatter', () => {
  it('shows a day slug, the wire text and an instant the same way', () => {
    expect(showDate('2026-11-03')).toBe('Tue, 3 Nov 2026');
    expect(showDate('2026-11-03 18:30:00')).toBe('Tue, 3 Nov 2026');
    expect(showDate('2026-11-03T10:00:00.000Z')).toBe('Tue, 3 Nov 2026');
    expect(showDate(null)).toBe('');
    expect(showDateTime('2026-11-03 18:30:00')).toBe('Tue, 3 Nov 2026, 18:30');
  });
});
