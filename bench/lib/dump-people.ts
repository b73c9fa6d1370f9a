import { and, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client';
import { bookings, clients, occurrences, sessions, users, venues, waitlistEntries } from '../../apps/api/src/db/schema';
import { newToken, sha256 } from '../../apps/api/src/lib/ids';

/**
 * For the profiling script's answer dump (bench/profile-timetable.ts): a customer holding settled bookings (every
 * seventh session at Harrogate over the next three days) and waitlist places (behind another customer, on every
 * fifth session with a waitlist), made once per database so two runs compare the same state; and a fresh session
 * for them and for the demo's staff member.
 */
export async function dumpPeople(db: Database['db']): Promise<{ customer: string; customerId: number; staff: string }> {
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.identifier, 'northfield'));
  if (!client) throw new Error('no client northfield');
  const person = async (reference: string) => {
    const [found] = await db.select({ id: users.id }).from(users).where(eq(users.reference, reference));
    if (found) return { id: found.id, made: false };
    const [made] = await db
      .insert(users)
      .values({
        clientId: client.id,
        reference,
        email: `${reference.toLowerCase()}@example.invalid`,
        passwordHash: '!',
        role: 'customer',
        firstName: 'Dump',
        lastName: reference,
      })
      .returning({ id: users.id });
    return { id: (made as { id: number }).id, made: true };
  };
  const customer = await person('DUMP-CUSTOMER');
  if (customer.made) {
    const ahead = await person('DUMP-AHEAD');
    const [venue] = await db.select({ id: venues.id }).from(venues).where(eq(venues.slug, 'harrogate'));
    const from = new Date(new Date().toISOString().slice(0, 10));
    from.setUTCDate(from.getUTCDate() + 1);
    const to = new Date(from.getTime() + 3 * 86_400_000);
    const rows = await db
      .select({ id: occurrences.id, waitlist: occurrences.waitlistMaximum })
      .from(occurrences)
      .where(and(eq(occurrences.venueId, (venue as { id: number }).id), gte(occurrences.startsAt, from), lt(occurrences.startsAt, to)))
      .orderBy(occurrences.startsAt, occurrences.id);
    const booked = rows.filter((_, i) => i % 7 === 0);
    await db.insert(bookings).values(
      booked.map((o) => ({
        clientId: client.id,
        userId: customer.id,
        occurrenceId: o.id,
        status: 'settled' as const,
        capacityConsumed: 1,
      })),
    );
    const queued = rows.filter((o, i) => o.waitlist !== null && i % 7 !== 0).filter((_, i) => i % 5 === 0);
    for (const o of queued) {
      await db
        .insert(waitlistEntries)
        .values({ clientId: client.id, occurrenceId: o.id, userId: ahead.id, createdAt: new Date(Date.now() - 60_000) });
      await db.insert(waitlistEntries).values({ clientId: client.id, occurrenceId: o.id, userId: customer.id });
    }
  }
  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'staff@example.com'));
  if (!staff) throw new Error('no demo staff');
  const cookie = async (userId: number) => {
    const token = newToken();
    await db
      .insert(sessions)
      .values({ tokenHash: sha256(token), clientId: client.id, userId, expiresAt: new Date(Date.now() + 86_400_000) });
    return `northfield_session=${token}`;
  };
  return { customer: await cookie(customer.id), customerId: customer.id, staff: await cookie(staff.id) };
}
