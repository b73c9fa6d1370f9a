import { eq } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client';
import { clients, sessions, users } from '../../apps/api/src/db/schema';
import { newToken, sha256 } from '../../apps/api/src/lib/ids';

/**
 * `count` customers of a client, each logged in once: users and sessions written directly in the database, as the
 * API tests do (no scrypt, no login throttle), before the API starts. Names are unique to this run so a reused
 * PostgreSQL database takes them too. The session cookies, as each customer's browser would send them.
 */
export async function loggedInCustomers(db: Database['db'], count: number, clientIdentifier = 'northfield'): Promise<string[]> {
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.identifier, clientIdentifier));
  if (!client) throw new Error(`no client ${clientIdentifier}`);
  const run = Date.now().toString(36);
  const created = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        clientId: client.id,
        reference: `BENCH-${run}-${i + 1}`,
        email: `bench-${run}-${i + 1}@example.invalid`,
        passwordHash: '!',
        role: 'customer' as const,
        firstName: 'Bench',
        lastName: `Customer ${i + 1}`,
      })),
    )
    .returning({ id: users.id });
  const tokens = created.map(() => newToken());
  await db.insert(sessions).values(
    created.map((user, i) => ({
      tokenHash: sha256(tokens[i] as string),
      clientId: client.id,
      userId: user.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  );
  return tokens.map((token) => `${clientIdentifier}_session=${token}`);
}

interface TimetableEntry {
  id: string;
  bookable_action: { action: string };
  capacity: { available: number };
}

/**
 * Puts one spin class (even-numbered customers) or two (odd-numbered) in each customer's basket through the API, as
 * the app does, spreading them over the coming week's open classes so no class runs out of places.
 */
export async function fillBaskets(api: string, cookies: string[], days: string[]): Promise<number> {
  const open: { id: string; left: number }[] = [];
  for (const day of days) {
    const res = await fetch(`${api}/activities/venue/harrogate/activity/spin/v2/timetable?date=${day}`);
    const { data } = (await res.json()) as { data: TimetableEntry[] };
    for (const o of data)
      if (o.bookable_action.action === 'book' && o.capacity.available > 2) open.push({ id: o.id, left: o.capacity.available - 2 });
  }
  let next = 0;
  const take = () => {
    for (let tries = 0; tries < open.length; tries++) {
      const slot = open[next++ % open.length];
      if (slot && slot.left > 0) {
        slot.left--;
        return slot.id;
      }
    }
    throw new Error('not enough open spin classes for the bench baskets');
  };
  let items = 0;
  for (const [i, cookie] of cookies.entries()) {
    const ids = i % 2 === 0 ? [take()] : [take(), take()];
    const res = await fetch(`${api}/checkout/cart/add`, {
      method: 'POST',
      // The headers a same-site browser sends with a cookie-authenticated change.
      headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ items: ids.map((id) => ({ id, type: 'purchasableOccurrence' })) }),
    });
    if (res.status !== 200) throw new Error(`adding to a bench basket failed: ${res.status} ${await res.text()}`);
    items += ids.length;
  }
  return items;
}
