import { paymentMessages } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxCardTokens, sandboxCharges } from '../../db/schema';
import { randomId } from '../../lib/ids';
import type { AuthoriseOutcome, PaymentProvider } from './types';

/** Where the sandbox's own pages and API live: outside /api, because they stand for another company's servers. */
export const SANDBOX_BASE = '/sandbox-provider';

/**
 * The built-in provider: it approves, declines or challenges by the test card the browser tokenised on its side
 * (sandbox-routes.ts). It only ever sees a card identifier, never a card number. Its challenge page records the
 * customer's answer in its own store, which handleSca reads: what the browser says it answered is not trusted.
 */
export function sandboxProvider(db: Db): PaymentProvider {
  return {
    name: 'sandbox',
    async prepare() {
      return { url: `${SANDBOX_BASE}/v1/card-identifiers`, clientSecret: null, mode: 'test' };
    },
    async authorise(input): Promise<AuthoriseOutcome> {
      let [token] = input.cardIdentifier
        ? await db.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.identifier, input.cardIdentifier))
        : [];
      if (input.savedReference) {
        // A saved card is used through a single-use copy, so the challenge page and the rest work as for a new card.
        const [saved] = await db
          .select()
          .from(sandboxCardTokens)
          .where(and(eq(sandboxCardTokens.identifier, input.savedReference), eq(sandboxCardTokens.reusable, true)));
        [token] = saved
          ? await db
              .insert(sandboxCardTokens)
              .values({
                ...saved,
                identifier: randomId('card_', 24),
                sessionKey: input.sessionKey,
                reusable: false,
                transactionUuid: null,
                challengeResult: null,
              })
              .returning()
          : [];
      }
      if (!token || token.reusable || token.sessionKey !== input.sessionKey || token.transactionUuid !== null) {
        return { status: 'declined', code: 'card_identifier_invalid', message: paymentMessages.declined, last4: null, brand: null };
      }
      await db
        .update(sandboxCardTokens)
        .set({ transactionUuid: input.transactionUuid })
        .where(eq(sandboxCardTokens.identifier, token.identifier));
      const card = { last4: token.last4, brand: token.brand };
      switch (token.behaviour) {
        case 'approve':
          return { status: 'authorised', reference: `sbx_${input.transactionUuid}`, ...card };
        case 'challenge':
          return {
            status: 'sca_required',
            reference: `sbx_${input.transactionUuid}`,
            scaUrl: `${SANDBOX_BASE}/3ds/${input.transactionUuid}`,
            scaMethod: 'GET',
            scaData: { return_url: input.returnUrl },
            clientSecret: null,
          };
        case 'insufficient_funds':
          return { status: 'declined', code: 'insufficient_funds', message: paymentMessages.declined, ...card };
        default:
          return { status: 'declined', code: 'payment_declined', message: paymentMessages.declined, ...card };
      }
    },
    async handleSca(input) {
      const [token] = await db.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.transactionUuid, input.transactionUuid));
      if (token?.behaviour === 'challenge' && token.challengeResult === 'passed') {
        return { status: 'authorised', reference: `sbx_${input.transactionUuid}` };
      }
      return { status: 'failed', code: 'three_d_secure_failed', message: paymentMessages.threeDSecureFailed };
    },
    async complete(input) {
      await db
        .insert(sandboxCharges)
        .values({ transactionUuid: input.transactionUuid, amount: input.amount, currency: input.currency })
        .onConflictDoNothing();
      return { status: 'captured' };
    },
    async saveCard(input) {
      const [used] = await db.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.transactionUuid, input.transactionUuid));
      if (!used?.expiry) return null;
      const reference = randomId('scard_', 24);
      await db
        .insert(sandboxCardTokens)
        .values({ ...used, identifier: reference, sessionKey: '', reusable: true, transactionUuid: null, challengeResult: null });
      return { reference, last4: used.last4, brand: used.brand, expiry: used.expiry };
    },
    async refund(input) {
      const done = await db
        .update(sandboxCharges)
        .set({ refunded: sql`${sandboxCharges.refunded} + ${input.amount}` })
        .where(
          and(
            eq(sandboxCharges.transactionUuid, input.transactionUuid),
            sql`${sandboxCharges.refunded} + ${input.amount} <= ${sandboxCharges.amount}`,
          ),
        )
        .returning({ id: sandboxCharges.transactionUuid });
      return done.length ? { status: 'refunded' } : { status: 'failed', message: paymentMessages.completeFailed };
    },
  };
}
