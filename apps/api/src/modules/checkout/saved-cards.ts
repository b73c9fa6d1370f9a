import type { SavedCard } from '@app/contracts';
import type { AuthedCtx } from '../../http/context';
import { AppError } from '../../lib/errors';
import { ProviderUnavailable } from '../../payments/providers';
import { deleteSavedCard, findPaymentCustomer, ownSavedCard, savedCardsOf } from './queries';

/**
 * The caller's own saved cards with the client's current provider (the ones the checkout can pay with), newest first:
 * our id, brand, last four digits and expiry only (decision 220). Always the caller's: there is no acting for another.
 */
export async function listSavedCards(c: AuthedCtx): Promise<SavedCard[]> {
  const rows = await savedCardsOf(c.db, c.client.id, c.user.id, c.providers.nameFor(c.client));
  return rows.map((r) => ({ id: r.id, last4: r.last4, brand: r.brand, expiry: r.expiry }));
}

/**
 * Removes one of the caller's saved cards: first at the provider that kept it (Stripe detaches the PaymentMethod from
 * the customer's Customer), then here. Another customer's card, another client's, or none: 404, as a card that does
 * not exist, and nothing changes. A provider that does not answer leaves the card as it was (502), to be tried again.
 */
export async function removeSavedCard(c: AuthedCtx, id: number): Promise<void> {
  const card = await ownSavedCard(c.db, c.client.id, c.user.id, id);
  if (!card) throw new AppError('not_found');
  const provider = await c.providers.forClient(card.provider, c.client.id);
  if (provider.removeCard) {
    try {
      const customer = await findPaymentCustomer(c.db, c.client.id, c.user.id, card.provider);
      await provider.removeCard({ reference: card.reference, customer });
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) c.log.error({ err }, 'removing a saved card ended unexpectedly');
      throw new AppError('payment_provider_failed');
    }
  }
  // A repeat racing this one finds it gone: removed either way.
  await deleteSavedCard(c.db, c.client.id, c.user.id, id);
}
