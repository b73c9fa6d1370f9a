import { afterEach, describe, expect, it } from 'vitest';
import { getTimes } from '../features/activities/api/get-times';
import { getTimetable } from '../features/activities/api/get-timetable';
import { addToCart } from '../features/basket/api/add-to-cart';
import { getCart } from '../features/basket/api/get-cart';
import { removeFromCart } from '../features/basket/api/remove-from-cart';
import { completeOrder } from '../features/checkout/api/complete-order';
import { preparePayment } from '../features/checkout/api/prepare-payment';
import { envelope, mockApi } from '../test/render';
import { selectedUser } from './selected-user';

describe('booking for a linked user', () => {
  afterEach(() => selectedUser.clear());

  it("keeps to the customer's own basket and marks what is added for the person chosen (decision 168)", async () => {
    const { calls } = mockApi({
      'GET /api/checkout/cart': envelope({}),
      'POST /api/checkout/cart/add': envelope({}),
      'POST /api/checkout/cart/remove': envelope({}),
      'GET /api/checkout/prepare': envelope({}),
      'POST /api/checkout/complete': envelope({}),
    });
    selectedUser.set(1, 42);
    await getCart();
    await addToCart([{ id: 'occ-1', type: 'purchasableOccurrence' }]);
    await removeFromCart(9);
    await preparePayment();
    await completeOrder({ transactionUuid: '00000000-0000-4000-8000-000000000000', terms: true, itemHash: 'h', payments: [] });
    expect(
      calls.map((c) => c.url.searchParams.get('selected_user_id') ?? (c.body as { selected_user_id?: number })?.selected_user_id ?? null),
    ).toEqual([null, null, null, null, null]);
    expect(calls[1]?.body).toEqual({ items: [{ id: 'occ-1', type: 'purchasableOccurrence', purchased_for_user_id: 42 }] });
  });

  it('sends nothing for the customer themselves, and forgets the choice for another owner', async () => {
    const { calls } = mockApi({ 'POST /api/checkout/cart/add': envelope({}) });
    await addToCart([{ id: 'occ-1', type: 'purchasableOccurrence' }]);
    expect(calls[0]?.body).toEqual({ items: [{ id: 'occ-1', type: 'purchasableOccurrence' }] });
    selectedUser.set(1, 42);
    expect(selectedUser.for(2)).toBeNull();
    expect(selectedUser.for(1)).toBe(42);
  });

  it("asks for a day's sessions and its fast-ticket times as the person chosen sees them (decision 248)", async () => {
    const { calls } = mockApi({
      'GET /api/activities/venue/harrogate/activity/spin/v2/timetable': envelope([]),
      'GET /api/activities/venue/harrogate/activity/public-swim/v2/times': envelope([]),
    });
    selectedUser.set(1, 42);
    await getTimetable('harrogate', 'spin', '2030-01-07', true);
    await getTimes('harrogate', 'public-swim', '2030-01-07', true);
    expect(calls.map((c) => c.url.searchParams.get('selected_user_id'))).toEqual(['42', '42']);
  });
});
