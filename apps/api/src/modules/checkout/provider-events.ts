import { type PaymentProviderName, paymentMessages } from '@app/contracts';
import type { Conn } from '../../db/client';
import type { ProviderEvent } from '../../payments/providers';
import { updateWaitingTransaction } from './queries';

/**
 * Applies what a provider's webhook said to the transaction waiting on it, as completeSca does when the customer comes
 * back: the stored 3-D Secure challenge (result) is cleared, and a failure carries the spec's declined message.
 * Webhooks name no client, so the transaction is found by the provider's own reference.
 */
export async function applyProviderEvent(db: Conn, provider: PaymentProviderName, event: ProviderEvent, now: Date): Promise<void> {
  await updateWaitingTransaction(
    db,
    provider,
    event.reference,
    event.status === 'failed'
      ? { status: 'failed', errorCode: event.code, errorMessage: paymentMessages.declined, result: null, updatedAt: now }
      : { status: 'authorised', result: null, updatedAt: now },
  );
}
