import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartHashContent, cartTotals, ticketedBooking } from './cart';

describe('cartTotals', () => {
  it('adds line totals and counts lines', () => {
    const t = cartTotals([
      { id: 1, quantity: 1, unitPrice: 650 },
      { id: 2, quantity: 2, unitPrice: 300 },
    ]);
    expect(t).toEqual({ total: 1250, taxTotal: 0, subTotal: 1250, balance: 1250, itemCount: 2 });
  });

  it('takes applied payments off the balance, never below zero', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.nat(), quantity: fc.integer({ min: 1, max: 10 }), unitPrice: fc.integer({ min: 0, max: 100_000 }) })),
        fc.array(fc.record({ amount: fc.integer({ min: -1000, max: 200_000 }) })),
        (lines, applied) => {
          const t = cartTotals(lines, applied);
          expect(t.balance).toBeGreaterThanOrEqual(0);
          expect(t.balance).toBeLessThanOrEqual(t.total);
        },
      ),
    );
  });
});

describe('cartHashContent', () => {
  const base = [
    { id: 1, quantity: 1, unitPrice: 650 },
    { id: 2, quantity: 1, unitPrice: 300, options: { tickets: [{ id: 3, quantity: 2 }] } },
  ];
  it('does not depend on line order', () => {
    expect(cartHashContent('u', base)).toBe(cartHashContent('u', [...base].reverse()));
  });
  it('changes when anything payable changes', () => {
    const h = cartHashContent('u', base);
    expect(cartHashContent('u', base.slice(1))).not.toBe(h);
    expect(cartHashContent('u', [{ ...base[0]!, unitPrice: 651 }, base[1]!])).not.toBe(h);
    expect(cartHashContent('u', [base[0]!, { ...base[1]!, options: { tickets: [{ id: 3, quantity: 3 }] } }])).not.toBe(h);
    expect(cartHashContent('v', base)).not.toBe(h);
  });
});

describe('ticketedBooking', () => {
  const types = [
    { id: 1, name: 'Adult', price: 550, attendees: 1 },
    { id: 2, name: 'Junior', price: 300, attendees: 1 },
    { id: 3, name: 'Family', price: 1500, attendees: 4 },
  ];
  it('sums places and price over the chosen tickets', () => {
    expect(
      ticketedBooking(
        [
          { id: 1, quantity: 2 },
          { id: 2, quantity: 1 },
          { id: 3, quantity: 0 },
        ],
        types,
      ),
    ).toMatchObject({
      places: 3,
      price: 1400,
    });
    expect(ticketedBooking([{ id: 3, quantity: 1 }], types).places).toBe(4);
  });
  it('refuses an unknown ticket', () => {
    expect(() => ticketedBooking([{ id: 9, quantity: 1 }], types)).toThrow(RangeError);
  });
  it("prices a ticket named for a customer at that customer's discount, keeping the list price", () => {
    const booking = ticketedBooking(
      [
        { id: 1, quantity: 1 },
        { id: 1, quantity: 1, customerReference: 'NF-1', discountPercent: 20 },
      ],
      types,
    );
    expect(booking.price).toBe(550 + 440);
    expect(booking.places).toBe(2);
    expect(booking.lines[1]).toMatchObject({ price: 440, fullPrice: 550, customerReference: 'NF-1', discountPercent: 20 });
    expect(booking.lines[0]).toMatchObject({ price: 550, fullPrice: 550, customerReference: null, discountPercent: 0 });
  });
  it('never charges more than the list price nor less than nothing, whatever the discount (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 2, 3),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: -50, max: 200 }),
        (id, quantity, percent) => {
          const { price, lines } = ticketedBooking([{ id, quantity, customerReference: 'X', discountPercent: percent }], types);
          const full = (lines[0]?.fullPrice ?? 0) * quantity;
          expect(price).toBeGreaterThanOrEqual(0);
          expect(price).toBeLessThanOrEqual(full);
        },
      ),
    );
  });
});
