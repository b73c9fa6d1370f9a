import { describe, expect, it } from 'vitest';
import { cartItemMove } from './cart-item-move';

const now = new Date('2026-11-24T12:00:00Z');
const later = new Date('2026-11-24T12:10:00Z');
const session = { kind: 'av2_booking', attendeeId: 1, expiresAt: later };

describe('moving a basket line to another person', () => {
  it('moves a session whose place is still held', () => {
    expect(cartItemMove(session, 2, now)).toBe('move');
  });

  it('changes nothing when the line is already for that person, whatever its state', () => {
    expect(cartItemMove({ ...session, expiresAt: now }, 1, now)).toBe('unchanged');
    expect(cartItemMove({ ...session, kind: 'membership' }, 1, now)).toBe('unchanged');
  });

  it('refuses a line whose hold has run out (at the very instant, too)', () => {
    expect(cartItemMove({ ...session, expiresAt: now }, 2, now)).toBe('expired');
    expect(cartItemMove({ ...session, expiresAt: null }, 2, now)).toBe('expired');
  });

  it('refuses the kinds that belong to one person', () => {
    for (const kind of [
      'av2_booking_bundle',
      'membership',
      'membership_change',
      'membership_renewal',
      'pricing_option',
      'penalty',
      'journal_transaction',
    ])
      expect(cartItemMove({ ...session, kind }, 2, now)).toBe('not_movable');
  });
});
