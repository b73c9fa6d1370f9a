import { and, count, eq, gt, lte } from 'drizzle-orm';
import { loginFailures } from '../../db/schema';
import type { Ctx } from '../../http/context';
import { AppError } from '../../lib/errors';

/**
 * Login throttling per account (the username tried) and per address (the caller's IP), counted in the database so
 * the limits hold across every API process (docs/decisions/051-login-throttling.md). Only failures count; a
 * successful login clears its account's failures.
 */
export interface LoginAttempt {
  account: string;
  address: string;
}

const since = (c: Ctx) => new Date(c.clock.now().getTime() - c.config.loginThrottle.windowMinutes * 60_000);

async function failures(c: Ctx, scope: 'account' | 'address', key: string): Promise<number> {
  const [row] = await c.db
    .select({ n: count() })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.clientId, c.client.id),
        eq(loginFailures.scope, scope),
        eq(loginFailures.key, key),
        gt(loginFailures.createdAt, since(c)),
      ),
    );
  return row?.n ?? 0;
}

/** Refuses with 429 while either the account or the address has reached its limit in the window. */
export async function assertNotThrottled(c: Ctx, attempt: LoginAttempt): Promise<void> {
  const { perAccount, perAddress } = c.config.loginThrottle;
  const [byAccount, byAddress] = [await failures(c, 'account', attempt.account), await failures(c, 'address', attempt.address)];
  if (byAccount >= perAccount || byAddress >= perAddress) throw new AppError('login_throttled');
}

export async function recordFailure(c: Ctx, attempt: LoginAttempt): Promise<void> {
  const now = c.clock.now();
  await c.db.insert(loginFailures).values([
    { clientId: c.client.id, scope: 'account', key: attempt.account, createdAt: now },
    { clientId: c.client.id, scope: 'address', key: attempt.address, createdAt: now },
  ]);
  // Old rows say nothing any more; dropping them here keeps the table as small as the window.
  await c.db.delete(loginFailures).where(and(eq(loginFailures.clientId, c.client.id), lte(loginFailures.createdAt, since(c))));
}

export async function clearAccountFailures(c: Ctx, account: string): Promise<void> {
  await c.db
    .delete(loginFailures)
    .where(and(eq(loginFailures.clientId, c.client.id), eq(loginFailures.scope, 'account'), eq(loginFailures.key, account)));
}
