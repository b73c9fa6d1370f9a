import { type PaymentProviderName, paymentMessages } from '@app/contracts';
import type { Conn } from '../../db/client';
import type { ProviderEvent } from '../../payments/providers';
import { updateWaitingTransaction } from './queries';

/**
 * Applies what a provider's webhook said to the transaction waiting on it, as completeSca does when the customer comes
 * back: the stored 3-D Secure challenge (result) is cleared, and a failure carries the spec's declined message.
 * The transaction is found by the provider's own reference, and, when the event came to a client's own address
 * (checked with that client's secret), among that client's transactions only.
 */
export async function applyProviderEvent(
  db: Conn,
  provider: PaymentProviderName,
  event: ProviderEvent,
  now: Date,
  clientId?: number,
): Promise<void> {
  await updateWaitingTransaction(
    db,
    provider,
    event.reference,
    event.status === 'failed'
      ? { status: 'failed', errorCode: event.code, errorMessage: paymentMessages.declined, result: null, updatedAt: now }
      : { status: 'authorised', result: null, updatedAt: now },
    clientId,
  );
}
