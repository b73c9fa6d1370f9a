import { describe, expect, it } from 'vitest';
import { type PlacesState, refusalAt, roomAt } from './capacity';

const now = new Date('2026-06-01T10:00:00Z');
const open = (over: Partial<PlacesState> = {}): PlacesState => ({
  clientId: 1,
  deleted: false,
  cancelled: false,
  closesAt: new Date('2026-06-02T10:00:00Z'),
  strategy: 'shared',
  maximum: 10,
  consumed: 0,
  capacityOnline: null,
  capacityFoh: null,
  consumedOnline: 0,
  consumedFoh: 0,
  expiredHolds: false,
  ...over,
});

// The probe before an add's transaction (decision 276) refuses exactly when the conditional UPDATE would take
// nothing and no lapsed hold could be given back; otherwise the UPDATE decides.
describe('refusalAt', () => {
  it('lets an add with room go on to the UPDATE, even for someone already holding the session', () => {
    expect(refusalAt(open({ consumed: 9 }), 1, 1, now, 'online', null)).toBeNull();
    expect(refusalAt(open({ consumed: 9 }), 1, 1, now, 'online', 'already_in_basket')).toBeNull();
  });

  it('refuses a full session, unless lapsed holds could be given back', () => {
    expect(refusalAt(open({ consumed: 10 }), 1, 1, now, 'online', null)).toBe('full');
    expect(refusalAt(open({ consumed: 9 }), 1, 2, now, 'online', null)).toBe('full');
    expect(refusalAt(open({ consumed: 10, expiredHolds: true }), 1, 1, now, 'online', null)).toBeNull();
  });

  it('tells someone who holds a full or closed session that they hold it', () => {
    expect(refusalAt(open({ consumed: 10 }), 1, 1, now, 'online', 'already_in_basket')).toBe('already_in_basket');
    expect(refusalAt(open({ cancelled: true }), 1, 1, now, 'online', 'already_booked')).toBe('already_booked');
  });

  it('refuses a session that is unknown, of another client, deleted, cancelled or closed', () => {
    expect(refusalAt(undefined, 1, 1, now, 'online', null)).toBe('missing');
    expect(refusalAt(open({ clientId: 2 }), 1, 1, now, 'online', 'already_in_basket')).toBe('missing');
    expect(refusalAt(open({ deleted: true }), 1, 1, now, 'online', null)).toBe('missing');
    expect(refusalAt(open({ cancelled: true }), 1, 1, now, 'online', null)).toBe('closed');
    expect(refusalAt(open({ closesAt: now }), 1, 1, now, 'online', null)).toBe('closed');
  });

  it("counts a split session's places by the add's source", () => {
    const split = open({ strategy: 'split', maximum: 10, capacityOnline: 6, capacityFoh: 4, consumedOnline: 6, consumedFoh: 1 });
    expect(refusalAt(split, 1, 1, now, 'online', null)).toBe('full');
    expect(refusalAt(split, 1, 1, now, 'foh', null)).toBeNull();
    expect(refusalAt(open({ strategy: 'split' }), 1, 1, now, 'foh', null)).toBe('full');
  });
});

describe('roomAt', () => {
  it('is how many takes of that size still fit, by the source on a split session', () => {
    expect(roomAt(open({ consumed: 7 }), 1, 'online')).toBe(3);
    expect(roomAt(open({ consumed: 7 }), 2, 'online')).toBe(1);
    expect(roomAt(open({ consumed: 11 }), 1, 'online')).toBe(0);
    const split = open({ strategy: 'split', capacityOnline: 6, capacityFoh: 4, consumedOnline: 2, consumedFoh: 4 });
    expect(roomAt(split, 1, 'online')).toBe(4);
    expect(roomAt(split, 1, 'foh')).toBe(0);
  });
});
