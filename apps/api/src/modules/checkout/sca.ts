import { paymentMessages } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { AppError } from '../../lib/errors';
import { type PaymentProvider, ProviderUnavailable } from '../../payments/providers';
import { findPaymentCustomer, findTransactionBy, insertSavedCard, moveTransaction, type TransactionRow, transactionNow } from './queries';

/**
 * What a 3-D Secure completion answers for a transaction past its challenge: authorised once it was (whatever came
 * after: capture, the order, or a void because another tab paid), failed if it failed; null while it still waits.
 */
function scaAnswerOf(t: TransactionRow): 'authorised' | 'failed' | null {
  if (t.status === 'failed') return 'failed';
  if (t.status === 'authorised' || t.status === 'capturing' || t.status === 'completed' || t.status === 'voided') return 'authorised';
  return null;
}

/**
 * A new card the customer asked to keep, authorised only after its challenge, is kept as after an immediate
 * authorisation (decision 223). The payment stands whether or not it could be kept.
 */
async function keepCard(c: AuthedCtx, provider: PaymentProvider, t: TransactionRow, reference: string): Promise<void> {
  if (!provider.saveCard) return;
  try {
    const customer = await findPaymentCustomer(c.db, t.clientId, t.userId, provider.name);
    const card = await provider.saveCard({ transactionUuid: t.uuid, reference, customer });
    if (card)
      await insertSavedCard(c.db, { clientId: t.clientId, userId: t.userId, provider: provider.name, ...card, createdAt: c.clock.now() });
  } catch (err) {
    c.log.error({ err, transaction: t.uuid }, 'the card could not be saved');
  }
}

/**
 * A transaction a staff session started for a customer (a foh payment): staff may finish its challenge. The route
 * lets staff through only with a role at this client (staffOrCustomer); a customer's own online payment stays
 * theirs alone (decision 232).
 */
async function deskTransaction(c: AuthedCtx, uuid: string): Promise<TransactionRow | undefined> {
  const found = await findTransactionBy(c.db, c.client.id, undefined, { uuid });
  if (!found?.startedByUserId || found.startedByUserId === found.userId) return undefined;
  const [starter] = await c.db
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, found.startedByUserId), eq(users.clientId, c.client.id)));
  return starter?.role === 'staff' ? found : undefined;
}

/**
 * The customer is back from the 3-D Secure challenge: the provider says (from its own record, not the browser's
 * word) whether the payment is now authorised. Repeating it answers the same. Two at once (a double submit, the Back
 * button, two tabs) both ask the provider, but only the first to record its answer moves the transaction (from
 * `sca_required`, conditionally): a later answer, perhaps older news from the provider, never overwrites a
 * transaction that was authorised, captured or completed meanwhile, and is answered as the first was.
 */
export async function completeSca(
  c: AuthedCtx,
  transactionId: string,
  scaResult: string,
): Promise<{ transaction_id: string; status: 'authorised' | 'failed' }> {
  const t = await findTransactionBy(c.db, c.client.id, c.user.id, { uuid: transactionId });
  const mine = t ?? (c.user.role === 'staff' ? await deskTransaction(c, transactionId) : undefined);
  if (!mine) throw new AppError('not_found');
  const decided = scaAnswerOf(mine);
  if (decided) return { transaction_id: mine.uuid, status: decided };
  if (mine.status !== 'sca_required') throw new AppError('sca_not_required');
  const provider = await c.providers.forClient(mine.provider, mine.clientId);
  let outcome: Awaited<ReturnType<typeof provider.handleSca>>;
  try {
    outcome = await provider.handleSca({
      transactionUuid: mine.uuid,
      reference: mine.providerReference,
      scaResult,
      cardUse: mine.cardUse ?? null,
    });
  } catch (err) {
    // Nothing changed: the transaction still waits on 3-D Secure, and asking again is safe.
    if (!(err instanceof ProviderUnavailable)) c.log.error({ err, transaction: mine.uuid }, '3-D Secure completion ended unexpectedly');
    throw new AppError('payment_provider_failed', { message: paymentMessages.threeDSecureCompleteFailed });
  }
  const at = c.clock.now();
  const moved = await moveTransaction(
    c.db,
    mine.uuid,
    'sca_required',
    outcome.status === 'authorised'
      ? { status: 'authorised', providerReference: outcome.reference, result: null, updatedAt: at }
      : { status: 'failed', errorCode: outcome.code, errorMessage: outcome.message, result: null, updatedAt: at },
  );
  if (moved && outcome.status === 'authorised' && mine.cardUse === 'save') await keepCard(c, provider, mine, outcome.reference);
  if (moved) return { transaction_id: mine.uuid, status: outcome.status };
  const now = await transactionNow(c.db, mine.uuid);
  const answer = scaAnswerOf(now);
  if (!answer) throw new Error(`transaction ${mine.uuid} left sca_required for ${now.status}`);
  return { transaction_id: mine.uuid, status: answer };
}
