import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { paymentTransactions } from '../../db/schema';
import type { Deps } from '../../http/context';
import { enqueue } from '../../jobs/queue';

export const ABANDON_JOB = 'payments.abandon-authorisation';

/** How long after a lost authorise answer the provider is asked what it holds (its record needs a moment). */
const AFTER_SECONDS = 60;

/**
 * Records, in the caller's transaction or at once, that an authorisation whose answer was lost (a timeout: the
 * transaction is failed with 'Failed to authorize payment') may have left a hold on the customer's card at the
 * provider, to be let go (decision 204).
 */
export async function oweAbandon(db: Deps['db'] | Tx, transactionUuid: string, sessionKey: string, now: Date): Promise<void> {
  await enqueue(db, now, {
    name: ABANDON_JOB,
    uniqueKey: transactionUuid,
    payload: { transactionUuid, sessionKey },
    runAt: new Date(now.getTime() + AFTER_SECONDS * 1000),
  });
}

/**
 * Asks the transaction's provider to let go of whatever the lost authorisation left held. A transaction no longer
 * failed (a webhook said it went through meanwhile) is left alone, and so is a provider session another live
 * transaction of ours now stands on (a retry of the same Ryft session). Throws to be retried while the provider does not
 * know yet.
 */
export async function executeAbandon(deps: Deps, transactionUuid: string, sessionKey: string): Promise<void> {
  const [t] = await deps.db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, transactionUuid));
  if (t?.status !== 'failed' || t.provider === 'credit') return;
  const [live] = await deps.db
    .select({ uuid: paymentTransactions.uuid })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.providerReference, sessionKey), ne(paymentTransactions.status, 'failed')))
    .limit(1);
  if (live) return;
  const provider = await deps.providers.forClient(t.provider, t.clientId);
  await provider.abandon?.({ transactionUuid, sessionKey, amount: t.amount, currency: t.currency });
}
