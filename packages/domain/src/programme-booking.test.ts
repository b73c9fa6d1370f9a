import type { BookableActionKind } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingTotal, disabledReason, individualCampPrice, programmeAction, stepper } from './programme-booking';

describe('the disabled reason, in doc 2 priority order', () => {
  const base = { action: 'book' as const, message: null, waiverRequired: true, waiverAgreed: false, formValid: false };
  it('reserved, then already booked, then the action message, then the waiver, then the fields', () => {
    expect(disabledReason({ ...base, action: 'cancel_reservation' })).toEqual({ kind: 'reserved' });
    expect(disabledReason({ ...base, action: 'cancel_booking' })).toEqual({ kind: 'already_booked' });
    expect(disabledReason({ ...base, action: null, message: 'Sold out' })).toEqual({ kind: 'action', message: 'Sold out' });
    expect(disabledReason({ ...base, action: 'join_waitlist' })).toEqual({ kind: 'action', message: null });
    expect(disabledReason(base)).toEqual({ kind: 'agree_to_waiver' });
    expect(disabledReason({ ...base, waiverAgreed: true })).toEqual({ kind: 'complete_required_fields' });
    expect(disabledReason({ ...base, waiverRequired: false })).toEqual({ kind: 'complete_required_fields' });
    expect(disabledReason({ ...base, waiverAgreed: true, formValid: true })).toBeNull();
  });

  it('a camp message does not block an attendee who booked some sessions', () => {
    expect(
      disabledReason({ ...base, action: null, message: 'x', messageDoesNotBlock: true, waiverAgreed: true, formValid: true }),
    ).toBeNull();
  });

  it('over every state, is null exactly when the button may be pressed, and picks the first reason that applies', () => {
    const order = ['reserved', 'already_booked', 'action', 'agree_to_waiver', 'complete_required_fields'];
    fc.assert(
      fc.property(
        fc.constantFrom<BookableActionKind | null>('book', 'cancel_booking', 'cancel_reservation', 'join_waitlist', 'leave_waitlist', null),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (action, waiverRequired, waiverAgreed, formValid) => {
          const r = disabledReason({ action, message: 'm', waiverRequired, waiverAgreed, formValid });
          const applies = [
            action === 'cancel_reservation',
            action === 'cancel_booking',
            action !== 'book',
            waiverRequired && !waiverAgreed,
            !formValid,
          ];
          const first = applies.indexOf(true);
          expect(r?.kind ?? null).toBe(first === -1 ? null : order[first]);
        },
      ),
    );
  });
});

describe('prices (doc 2, section 9)', () => {
  it('individual camp sessions cost the first session price times their number, or the camp price', () => {
    expect(individualCampPrice(2200, 3, 18000)).toBe(6600);
    expect(individualCampPrice(null, 3, 18000)).toBe(18000);
    expect(individualCampPrice(null, 3, null)).toBe(0);
  });
  it('the total adds each extra times its quantity', () => {
    expect(
      bookingTotal(6600, [
        { price: 450, quantity: 3 },
        { price: 100, quantity: 0 },
      ]),
    ).toBe(7950);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.record({ price: fc.integer({ min: 0, max: 10_000 }), quantity: fc.integer({ min: 0, max: 10 }) })),
        (p, extras) => {
          expect(bookingTotal(p, extras)).toBe(p + extras.reduce((n, e) => n + e.price * e.quantity, 0));
        },
      ),
    );
  });
});

describe('the number stepper (doc 2, section 5)', () => {
  it('steps within 0 to 10, Backspace or Delete sets 0, a double-click sets the maximum', () => {
    expect(stepper(0, { type: 'decrement' })).toBe(0);
    expect(stepper(0, { type: 'increment' })).toBe(1);
    expect(stepper(10, { type: 'increment' })).toBe(10);
    expect(stepper(7, { type: 'clear' })).toBe(0);
    expect(stepper(2, { type: 'double_click' })).toBe(10);
    expect(stepper(2, { type: 'input', value: '-1' })).toBe(2);
    expect(stepper(2, { type: 'input', value: '11' })).toBe(2);
    expect(stepper(2, { type: 'input', value: 'x' })).toBe(2);
    expect(stepper(2, { type: 'input', value: '6' })).toBe(6);
  });
  it('never leaves its limits, whatever is done to it', () => {
    const event = fc.oneof(
      fc.constant({ type: 'increment' as const }),
      fc.constant({ type: 'decrement' as const }),
      fc.constant({ type: 'clear' as const }),
      fc.constant({ type: 'double_click' as const }),
      fc.string().map((value) => ({ type: 'input' as const, value })),
      fc.integer({ min: -50, max: 50 }).map((n) => ({ type: 'input' as const, value: String(n) })),
    );
    fc.assert(
      fc.property(fc.array(event), (events) => {
        let v = 0;
        for (const e of events) {
          v = stepper(v, e);
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(10);
        }
      }),
    );
  });
});

describe("a programme's own bookable action for an attendee", () => {
  const open = { bookable: true, message: 'Sold out' };
  it('reserved first, then booked, then a camp partly booked, then book or why not', () => {
    expect(programmeAction({ ...open, kind: 'courses', held: [null, 'reserved'] })).toEqual({
      action: 'cancel_reservation',
      message: null,
    });
    expect(programmeAction({ ...open, kind: 'courses', held: ['settled', null] })).toEqual({ action: 'cancel_booking', message: null });
    expect(programmeAction({ ...open, kind: 'camps', held: ['settled', 'settled'] })).toEqual({ action: 'cancel_booking', message: null });
    expect(programmeAction({ ...open, kind: 'camps', held: ['settled', null] })).toEqual({
      action: null,
      message: 'You have already booked some sessions of this camp',
    });
    expect(programmeAction({ ...open, kind: 'camps', held: [null, null] })).toEqual({ action: 'book', message: null });
    expect(programmeAction({ bookable: false, message: 'Sold out', kind: 'camps', held: [] })).toEqual({
      action: null,
      message: 'Sold out',
    });
  });
});
