import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, occurrences } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { addToBasket, demo, openSpin, sessionsOf, soldOutSpin, staff } from '../../test/fixtures';
import { createTestApp, dataOf, type TestApp } from '../../test/harness';
import { sweepExpiredHolds } from '../bookings/capacity';

let t: TestApp;
let as: string;
const clock = new ManualClock();

beforeAll(async () => {
  t = await createTestApp({ clock, env: { HOLD_MINUTES: '15' } });
  as = await t.sessionFor(demo.email);
});
afterAll(() => t.close());

const consumed = async (id: string) => (await t.database.db.select().from(occurrences).where(eq(occurrences.id, id)))[0]?.capacityConsumed;
const clear = () => t.request({ method: 'DELETE', url: '/api/checkout/cart', as });

describe('adding to the basket', () => {
  it('needs a logged-in customer', async () => {
    const res = await addToBasket(t, '', (await openSpin(t)).id);
    expect(res.statusCode).toBe(401);
  });

  it('holds a place: the session loses one, the basket gains a line with its hold expiry', async () => {
    const open = await openSpin(t);
    const before = await consumed(open.id);
    const res = await addToBasket(t, as, open.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Successfully added item to the basket.');
    const cart = dataOf(res);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      kind: 'av2_booking',
      name: 'Spin',
      occurrence_id: open.id,
      expired: false,
      price: { formatted: '£6.50' },
    });
    expect(new Date(cart.items[0].expires_at).getTime() - clock.now().getTime()).toBe(15 * 60_000);
    expect(cart.totals).toMatchObject({ total: 650, balance: 650, item_count: 1, formatted_total: '£6.50' });
    expect(await consumed(open.id)).toBe((before ?? 0) + 1);
    await clear();
  });

  it('refuses the same session twice (the double-clicked Add) and changes nothing', async () => {
    const open = await openSpin(t);
    const first = await addToBasket(t, as, open.id);
    const before = await consumed(open.id);
    const second = await addToBasket(t, as, open.id);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'already_in_basket', message: 'This session is already in your basket.' });
    expect(await consumed(open.id)).toBe(before);
    expect(dataOf(await t.request({ method: 'GET', url: '/api/checkout/cart', as })).item_hash).toBe(dataOf(first).item_hash);
    await clear();
  });

  it('answers a sold-out session with 409 and the full-session message', async () => {
    const full = await soldOutSpin(t);
    const res = await addToBasket(t, as, full.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'occurrence_full', message: 'Sorry, this session is fully booked.' });
  });

  it('answers an unknown session with 404', async () => {
    const res = await addToBasket(t, as, 'oc_doesnotexist');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Unable to complete request, item not found.');
  });

  it('applies the cart item rules of document 2 with field messages', async () => {
    const open = await openSpin(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ quantity: 0 }, 'items.0.quantity', 'Must be at least 1'],
      [{ quantity: 2, purchased_for_user_id: 5 }, 'items.0.quantity', 'Must be exactly 1 when buying for another user'],
      [{ extras: [{ pricing_option_id: 1, quantity: 1 }] }, 'items.0.extras', 'Extras are only available for courses and camps'],
      [
        { custom_question_answers: [{ custom_question_id: 1, answer: 'x' }] },
        'items.0.custom_question_answers',
        'Answers are only taken for courses and camps',
      ],
      [{ type: 'teleport' }, 'items.0.type', 'The selected value is invalid.'],
      [{ type: 'camp' }, 'items.0.booking_full_camp', 'Required'],
      [{ type: 'camp', booking_full_camp: false }, 'items.0.camp_occurrence_ids', 'Please select at least one session'],
    ];
    for (const [extra, field, message] of cases) {
      const res = await addToBasket(t, as, open.id, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(extra)).toEqual([message]);
    }
    const ok = await addToBasket(t, as, open.id, { quantity: 1 });
    expect(ok.statusCode).toBe(200);
    await clear();
  });

  it('refuses a purchasable type the product does not sell yet, changing nothing', async () => {
    const res = await t.request({ method: 'POST', url: '/api/checkout/cart/add', as, payload: { items: [{ id: 1, type: 'debt' }] } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['items.0.type']).toEqual(['This item cannot be added to the basket.']);
  });

  it('adds all items or none', async () => {
    const open = await openSpin(t);
    const full = await soldOutSpin(t);
    const before = await consumed(open.id);
    const res = await t.request({
      method: 'POST',
      url: '/api/checkout/cart/add',
      as,
      payload: {
        items: [
          { id: open.id, type: 'purchasableOccurrence' },
          { id: full.id, type: 'purchasableOccurrence' },
        ],
      },
    });
    expect(res.statusCode).toBe(409);
    expect(await consumed(open.id)).toBe(before);
    expect(dataOf(await t.request({ method: 'GET', url: '/api/checkout/cart', as })).items).toHaveLength(0);
  });

  it('takes ticketed places per ticket and attendee', async () => {
    const [swim] = await sessionsOf(t, 'public-swim');
    const [adult, junior, family] = swim.tickets;
    const before = await consumed(swim.id);
    const res = await addToBasket(t, as, swim.id, {
      tickets: [
        { id: adult.id, quantity: 2 },
        { id: junior.id, quantity: 1 },
        { id: family.id, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const line = dataOf(res).items[0];
    expect(line.price.value).toBe(2 * 550 + 300 + 1500);
    expect(line.child_items.map((c: { name: string; quantity: number }) => `${c.quantity} ${c.name}`)).toEqual([
      '2 Adult',
      '1 Junior',
      '1 Family (4 people)',
    ]);
    expect(await consumed(swim.id)).toBe((before ?? 0) + 2 + 1 + 4);
    const none = await addToBasket(t, as, (await sessionsOf(t, 'public-swim'))[1].id, { tickets: [{ id: adult.id, quantity: 0 }] });
    expect(none.json().errors['items.0.tickets']).toEqual(['Please choose at least one ticket.']);
    const unknown = await addToBasket(t, as, (await sessionsOf(t, 'public-swim'))[1].id, { tickets: [{ id: 999_999, quantity: 1 }] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors['items.0.tickets']).toEqual(['The selected ticket is invalid.']);
    const untick = await addToBasket(t, as, (await openSpin(t, as)).id, { tickets: [{ id: adult.id, quantity: 1 }] });
    expect(untick.statusCode).toBe(422);
    expect(untick.json().errors['items.0.tickets']).toEqual(['Tickets are only chosen for ticketed sessions.']);
    await clear();
    expect(await consumed(swim.id)).toBe(before);
  });
});

describe('removing from the basket', () => {
  it('gives the place back', async () => {
    const open = await openSpin(t);
    const before = await consumed(open.id);
    const cart = dataOf(await addToBasket(t, as, open.id));
    const res = await t.request({ method: 'POST', url: '/api/checkout/cart/remove', as, payload: { cart_item_ids: [cart.items[0].id] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Successfully removed item from the basket.');
    expect(dataOf(res).items).toHaveLength(0);
    expect(await consumed(open.id)).toBe(before);
  });

  it("answers 404 for a line that is not in the customer's basket and changes nothing", async () => {
    const open = await openSpin(t);
    const mine = dataOf(await addToBasket(t, as, open.id)).items[0].id;
    const other = await t.sessionFor(staff.email);
    const res = await t.request({ method: 'POST', url: '/api/checkout/cart/remove', as: other, payload: { cart_item_ids: [mine] } });
    expect(res.statusCode).toBe(404);
    expect(dataOf(await t.request({ method: 'GET', url: '/api/checkout/cart', as })).items).toHaveLength(1);
    await clear();
  });
});

describe('holds', () => {
  it('expire after the hold time: the line shows as expired and the place returns', async () => {
    const open = await openSpin(t);
    const before = await consumed(open.id);
    await addToBasket(t, as, open.id);
    clock.advance(15 * 60_000 + 1000);
    const freed = await sweepExpiredHolds(t.database.db, clock.now());
    expect(freed).toBeGreaterThanOrEqual(1);
    expect(await consumed(open.id)).toBe(before);
    const cart = dataOf(await t.request({ method: 'GET', url: '/api/checkout/cart', as }));
    expect(cart.items[0].expired).toBe(true);
    const booking = (await t.database.db.select().from(bookings).where(eq(bookings.occurrenceId, open.id))).find(
      (b) => b.cancellationSource === 'hold_expired',
    );
    expect(booking?.status).toBe('cancelled');
    await clear();
  });

  it('are released by the next customer who wants the place, before any sweep', async () => {
    const open = await openSpin(t);
    await addToBasket(t, as, open.id);
    clock.advance(16 * 60_000);
    await clear();
    // The expired hold of the first add no longer blocks this customer from adding it again.
    const again = await addToBasket(t, as, open.id);
    expect(again.statusCode).toBe(200);
    await clear();
  });
});

describe('whose basket', () => {
  it('keeps each customer to their own basket', async () => {
    const open = await openSpin(t);
    await addToBasket(t, as, open.id);
    const other = await t.sessionFor(staff.email);
    expect(dataOf(await t.request({ method: 'GET', url: '/api/checkout/cart', as: other })).items).toHaveLength(0);
    await clear();
  });

  it('refuses selected_user_id naming someone else (not a linked user) for a customer, as if nobody were there', async () => {
    const res = await t.request({ method: 'GET', url: '/api/checkout/cart?selected_user_id=2', as });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Unable to complete request, item not found.');
  });

  it("lets staff work on a customer's basket", async () => {
    const staffSession = await t.sessionFor(staff.email);
    const me = dataOf(await t.request({ method: 'GET', url: '/api/auth/user', as }));
    const open = await openSpin(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/checkout/cart/add',
      as: staffSession,
      payload: { items: [{ id: open.id, type: 'purchasableOccurrence' }], selected_user_id: me.id },
    });
    expect(res.statusCode).toBe(200);
    expect(dataOf(await t.request({ method: 'GET', url: '/api/checkout/cart', as })).items).toHaveLength(1);
    await clear();
  });
});
