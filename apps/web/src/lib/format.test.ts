import { describe, expect, it } from 'vitest';
import { showAmount, showDate, showDateTime, showMoney, showTime } from './format';
import { setShownZone } from './shown-zone';

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

  it("shows an instant on the client's wall clock, never a day off (issue 13, defect 8)", () => {
    // 23:30 UTC on a summer evening is 00:30 the next day in London.
    expect(showDate('2026-06-24T23:30:00.000Z')).toBe('Thu, 25 Jun 2026');
    expect(showDateTime('2026-06-24T23:30:00.000Z')).toBe('Thu, 25 Jun 2026, 00:30');
    expect(showTime('2026-06-24T17:05:00Z')).toBe('18:05');
    // The wire's local text and a day are already the venue's wall clock: no zone moves them.
    expect(showDateTime('2026-06-24 23:30:00')).toBe('Wed, 24 Jun 2026, 23:30');
    expect(showDate('2026-06-24')).toBe('Wed, 24 Jun 2026');
    setShownZone('America/New_York');
    try {
      expect(showDateTime('2026-11-25T02:15:00.000Z')).toBe('Tue, 24 Nov 2026, 21:15');
      expect(showDate('2026-11-24')).toBe('Tue, 24 Nov 2026');
    } finally {
      setShownZone('Europe/London');
    }
  });
});
