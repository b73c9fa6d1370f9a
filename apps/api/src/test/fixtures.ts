import { dayjs } from '@app/contracts';
import type { TestApp } from './harness';
import { dataOf } from './harness';

export const demo = { email: 'demo@example.com', password: 'demo-pass-2026' };
export const staff = { email: 'staff@example.com', password: 'staff-pass-2026' };

export const inDays = (n: number) => dayjs().tz('Europe/London').add(n, 'day').format('YYYY-MM-DD');
export const tomorrow = () => inDays(1);
/** The first day from tomorrow (London time) whose ISO weekday (1 Monday ... 7 Sunday) is one of `weekdays`. */
export function nextDayOn(weekdays: number[]): string {
  for (let n = 1; n <= 7; n++) {
    const day = dayjs().tz('Europe/London').add(n, 'day');
    if (weekdays.includes(((day.day() + 6) % 7) + 1)) return day.format('YYYY-MM-DD');
  }
  throw new Error(`no day on ${weekdays.join(',')} in the coming week`);
}
/**
 * The demo's spin runs at 07:00 Monday to Saturday and 18:30 Monday to Friday, and the seed sells out the first
 * evening class from tomorrow (seed/demo.ts fillSessions): tests read the days that have them, whatever the weekday
 * the suite runs on (tomorrow is a Sunday on a Saturday run, and has no evening class on a Friday run).
 */
export const spinDay = () => nextDayOn([1, 2, 3, 4, 5, 6]);
export const eveningSpinDay = () => nextDayOn([1, 2, 3, 4, 5]);
/** The client-local day a session of the timetable starts on, as the timetable calls take it. */
export const dayOf = (occurrence: { starts_at: { local: string } }) => occurrence.starts_at.local.slice(0, 10);

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
type Json = any;

/** A day's sessions (tomorrow by default) of an activity at Harrogate, the demo's v2 venue. */
export async function sessionsOf(t: TestApp, activity: string, as?: string, day = tomorrow()): Promise<Json[]> {
  const res = await t.request({
    method: 'GET',
    url: `/api/activities/venue/harrogate/activity/${activity}/v2/timetable?date=${day}`,
    ...(as ? { as } : {}),
  });
  return dataOf(res);
}

/**
 * The first spin class of the coming days with room that this customer (or a visitor) can still book, and still
 * cancel: it starts more than a day and an hour from now, outside Northfield's 24-hour cut-off whatever the time of
 * day the suite runs (tomorrow's 07:00 class is inside it for a run after 07:00).
 */
export async function openSpin(t: TestApp, as?: string): Promise<Json> {
  const cancellableFrom = Date.now() + 25 * 3_600_000;
  for (let day = 1; day <= 12; day++) {
    const list = await sessionsOf(t, 'spin', as, inDays(day));
    const found = list.find(
      (o: Json) => o.bookable_action.action === 'book' && o.capacity.available > 5 && new Date(o.starts_at.utc).getTime() > cancellableFrom,
    );
    if (found) return found;
  }
  throw new Error('no open spin session in the coming days');
}

/** The demo's sold-out spin class: the first evening class from tomorrow. */
export async function soldOutSpin(t: TestApp): Promise<Json> {
  const found = (await sessionsOf(t, 'spin', undefined, eveningSpinDay())).find((o: Json) => o.capacity.available === 0);
  if (!found) throw new Error('no sold-out spin session on the first evening with one');
  return found;
}

/**
 * Customer A (the demo customer, with a linked family member) and customer B (another customer of the same client):
 * the two sides of every "only its owner sees it" test.
 */
export async function customersAAndB(t: TestApp): Promise<{ a: string; b: string; aId: number; bId: number }> {
  const a = await t.sessionFor(demo.email);
  const b = await t.sessionFor('member1@example.invalid');
  const idOf = async (as: string): Promise<number> => dataOf(await t.request({ method: 'GET', url: '/api/auth/user', as })).id;
  return { a, b, aId: await idOf(a), bId: await idOf(b) };
}

export const addToBasket = (t: TestApp, as: string, id: string, extra: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url: '/api/checkout/cart/add', as, payload: { items: [{ id, type: 'purchasableOccurrence', ...extra }] } });

/** Buys one open spin class by card, as the app does (basket, prepare, card, authorise, complete); the order. */
export async function payForSpin(t: TestApp, as: string, selectedUserId?: number): Promise<Json> {
  const sel = selectedUserId ? { selected_user_id: selectedUserId } : {};
  await t.request({ method: 'DELETE', url: `/api/checkout/cart${selectedUserId ? `?selected_user_id=${selectedUserId}` : ''}`, as });
  const added = await t.request({
    method: 'POST',
    url: '/api/checkout/cart/add',
    as,
    payload: { items: [{ id: (await openSpin(t, as)).id, type: 'purchasableOccurrence' }], ...sel },
  });
  if (added.statusCode !== 200) throw new Error(`add failed: ${added.body}`);
  const session = dataOf(
    await t.request({ method: 'GET', url: `/api/checkout/prepare${selectedUserId ? `?selected_user_id=${selectedUserId}` : ''}`, as }),
  );
  const card = await t.app.inject({
    method: 'POST',
    url: '/sandbox-provider/v1/card-identifiers',
    payload: {
      session_key: session.session_key,
      card_holder_name: 'A Morgan',
      card_number: '4242 4242 4242 4242',
      expiry: '12/30',
      security_code: '123',
    },
  });
  const auth = dataOf(
    await t.request({
      method: 'POST',
      url: '/api/checkout/authorise',
      as,
      payload: {
        session_key: session.session_key,
        card_identifier: card.json().card_identifier,
        card_holder_name: 'A Morgan',
        terms: true,
        item_hash: session.item_hash,
        ...sel,
      },
    }),
  );
  const done = await t.request({
    method: 'POST',
    url: '/api/checkout/complete',
    as,
    payload: { transaction_uuid: auth.transaction_uuid, item_hash: session.item_hash, terms: true, ...sel },
  });
  if (done.statusCode !== 200) throw new Error(`complete failed: ${done.body}`);
  return dataOf(await t.request({ method: 'GET', url: `/api/orders/${dataOf(done).complete_order_id}`, as }));
}
