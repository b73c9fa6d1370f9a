import { dayjs } from '@app/contracts';
import type { Tx } from '../db/client';
import { creditLedger, membershipPlans, memberships, packagePlans, penalties, users } from '../db/schema';
import { newCustomerReference } from '../lib/ids';

export const creditCustomer = { email: 'credit@example.com', password: 'demo-pass-2026' } as const;

/**
 * What the basket and checkout demo needs beyond sessions: a customer with account credit (£200 general, £20
 * membership) who can pay fully by credit, a membership to renew or change, a penalty owed, plans and a package for
 * sale. The customer's password is the demo customer's (same hash).
 */
export async function seedCheckoutDemo(
  tx: Tx,
  s: { clientId: number; clientIdentifier: string; customerHash: string; homeVenueId: number; swimmingCategoryId: number; today: string },
): Promise<void> {
  const [customer] = await tx
    .insert(users)
    .values({
      clientId: s.clientId,
      reference: newCustomerReference(s.clientIdentifier),
      email: creditCustomer.email,
      passwordHash: s.customerHash,
      role: 'customer',
      firstName: 'Casey',
      lastName: 'Credit',
      homeVenueId: s.homeVenueId,
    })
    .returning({ id: users.id });
  if (!customer) throw new Error('insert returned no row');
  const plans = await tx
    .insert(membershipPlans)
    .values([
      {
        clientId: s.clientId,
        name: 'Monthly Flex',
        description: 'Gym, swim and classes at any time, with £20 of membership credit each month.',
        price: 3000,
        billingPeriod: 'monthly' as const,
        creditPerPeriod: 2000,
      },
      {
        clientId: s.clientId,
        name: 'Annual Gold',
        description: 'A year of gym, swim and classes at every venue for the price of ten months.',
        price: 30000,
        billingPeriod: 'annual' as const,
      },
    ])
    .returning({ id: membershipPlans.id });
  const start = dayjs.tz(s.today, 'Europe/London');
  await tx.insert(memberships).values({
    clientId: s.clientId,
    userId: customer.id,
    planId: (plans[0] as { id: number }).id,
    homeVenueId: s.homeVenueId,
    status: 'active',
    startsAt: start.subtract(10, 'day').toDate(),
    endsAt: start.add(20, 'day').toDate(),
  });
  await tx.insert(creditLedger).values([
    { clientId: s.clientId, userId: customer.id, kind: 'general', amount: 20_000, reason: 'Demo account credit' },
    { clientId: s.clientId, userId: customer.id, kind: 'membership', amount: 2_000, reason: 'Monthly Flex allowance' },
  ]);
  await tx.insert(penalties).values({ clientId: s.clientId, userId: customer.id, reason: 'No-show fee', amount: 500 });
  // A swim pass pays for swims only (the Swimming group and what sits under it), not for a spin class.
  await tx
    .insert(packagePlans)
    .values({ clientId: s.clientId, name: '10 swim pass', price: 4500, uses: 10, validDays: 180, categoryId: s.swimmingCategoryId });
}
