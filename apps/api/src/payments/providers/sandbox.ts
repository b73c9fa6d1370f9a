import { paymentMessages } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxCardTokens } from '../../db/schema';
import type { AuthoriseOutcome, PaymentProvider } from './types';

/** Where the sandbox's own pages and API live: outside /api, because they stand for another company's servers. */
export const SANDBOX_BASE = '/sandbox-provider';

/**
 * The built-in provider: it approves or declines by the test card the browser tokenised on its side
 * (sandbox-routes.ts). It only ever sees a card identifier, never a card number.
 */
export function sandboxProvider(db: Db): PaymentProvider {
  return {
    name: 'sandbox',
    async prepare() {
      return { url: `${SANDBOX_BASE}/v1/card-identifiers`, clientSecret: null, mode: 'test' };
    },
    async authorise(input): Promise<AuthoriseOutcome> {
      const [token] = await db.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.identifier, input.cardIdentifier));
      if (!token || token.sessionKey !== input.sessionKey) {
        return { status: 'declined', code: 'card_identifier_invalid', message: paymentMessages.declined, last4: null, brand: null };
      }
      const card = { last4: token.last4, brand: token.brand };
      switch (token.behaviour) {
        case 'approve':
          return { status: 'authorised', reference: `sbx_${input.transactionUuid}`, ...card };
        case 'insufficient_funds':
          return { status: 'declined', code: 'insufficient_funds', message: paymentMessages.declined, ...card };
        default:
          return { status: 'declined', code: 'payment_declined', message: paymentMessages.declined, ...card };
      }
    },
  };
}
