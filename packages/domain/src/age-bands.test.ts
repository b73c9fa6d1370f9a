import { describe, expect, it } from 'vitest';
import { ticketTypeLabel } from './age-bands';

describe('ticket type labels with age bands', () => {
  it('names the band in whole years, both ends included', () => {
    expect(ticketTypeLabel('Junior', 5, 15)).toBe('Junior (5-15)');
    expect(ticketTypeLabel('Adult', 16, null)).toBe('Adult (16+)');
    expect(ticketTypeLabel('Toddler', null, 4)).toBe('Toddler (under 5)');
  });

  it('keeps the name of a type with no band', () => {
    expect(ticketTypeLabel('Family', null, null)).toBe('Family');
  });
});
