import { dayjs } from '@app/contracts';
import type { TestApp } from './harness';
import { dataOf } from './harness';

export const demo = { email: 'demo@example.com', password: 'demo-pass-2026' };
export const staff = { email: 'staff@example.com', password: 'staff-pass-2026' };

export const inDays = (n: number) => dayjs().tz('Europe/London').add(n, 'day').format('YYYY-MM-DD');
export const tomorrow = () => inDays(1);

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

/** The first spin class of the coming week with room that this customer (or a visitor) can still book. */
export async function openSpin(t: TestApp, as?: string): Promise<Json> {
  for (let day = 1; day <= 12; day++) {
    const list = await sessionsOf(t, 'spin', as, inDays(day));
    const found = list.find((o: Json) => o.bookable_action.action === 'book' && o.capacity.available > 5);
    if (found) return found;
  }
  throw new Error('no open spin session in the coming days');
}

export async function soldOutSpin(t: TestApp): Promise<Json> {
  const found = (await sessionsOf(t, 'spin')).find((o: Json) => o.capacity.available === 0);
  if (!found) throw new Error('no sold-out spin session tomorrow');
  return found;
}

export const addToBasket = (t: TestApp, as: string, id: string, extra: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url: '/api/checkout/cart/add', as, payload: { items: [{ id, type: 'purchasableOccurrence', ...extra }] } });
