import { paymentMessages } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxCardTokens, sandboxCharges, sandboxRefunds } from '../../db/schema';
import { randomId } from '../../lib/ids';
import type { AuthoriseOutcome, CaptureOutcome, PaymentLookup, PaymentProvider, RefundOutcome } from './types';

type Token = typeof sandboxCardTokens.$inferSelect;
/** A test card that authorises: approved at once, or a challenge the customer passed. */
const isAuthorised = (t: Token): boolean => t.behaviour === 'approve' || (t.behaviour === 'challenge' && t.challengeResult === 'passed');

/** Where the sandbox's own pages and API live: outside /api, because they stand for another company's servers. */
export const SANDBOX_BASE = '/sandbox-provider';

/**
 * The built-in provider: it approves, declines or challenges by the test card the browser tokenised on its side
 * (sandbox-routes.ts). It only ever sees a card identifier, never a card number. Its challenge page records the
 * customer's answer in its own store, which handleSca reads: what the browser says it answered is not trusted.
 * Its own tables stand for the provider's books: a charge per captured transaction, a refund per refund id, a
 * released authorisation; capture and refund are idempotent as a real provider's are with idempotency keys.
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
    async capture(input): Promise<CaptureOutcome> {
      return db.transaction(async (tx) => {
        // The card token is the sandbox's authorisation; its row lock orders capture against release.
        const [token] = await tx
          .select()
          .from(sandboxCardTokens)
          .where(eq(sandboxCardTokens.transactionUuid, input.transactionUuid))
          .for('update');
        const [charged] = await tx.select().from(sandboxCharges).where(eq(sandboxCharges.transactionUuid, input.transactionUuid));
        if (charged) return { status: 'captured', amount: charged.amount };
        if (!token || !isAuthorised(token) || token.releasedAt) return { status: 'declined', message: paymentMessages.completeFailed };
        await tx.insert(sandboxCharges).values({ transactionUuid: input.transactionUuid, amount: input.amount, currency: input.currency });
        return { status: 'captured', amount: input.amount };
      });
    },
    async release(input) {
      await db.transaction(async (tx) => {
        const [token] = await tx
          .select()
          .from(sandboxCardTokens)
          .where(eq(sandboxCardTokens.transactionUuid, input.transactionUuid))
          .for('update');
        const [charged] = await tx.select().from(sandboxCharges).where(eq(sandboxCharges.transactionUuid, input.transactionUuid));
        if (!token || charged || token.releasedAt) return;
        await tx.update(sandboxCardTokens).set({ releasedAt: new Date() }).where(eq(sandboxCardTokens.identifier, token.identifier));
      });
    },
    async lookup(input): Promise<PaymentLookup> {
      const [token] = await db.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.transactionUuid, input.transactionUuid));
      const [charged] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.transactionUuid, input.transactionUuid));
      if (charged) return { status: 'captured', captured: charged.amount, refunded: charged.refunded };
      if (!token) return { status: 'not_found', captured: 0, refunded: 0 };
      const status = token.releasedAt ? 'released' : isAuthorised(token) ? 'authorised' : 'failed';
      return { status, captured: 0, refunded: 0 };
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
    async refund(input): Promise<RefundOutcome> {
      return db.transaction(async (tx) => {
        const [charge] = await tx
          .select()
          .from(sandboxCharges)
          .where(eq(sandboxCharges.transactionUuid, input.transactionUuid))
          .for('update');
        const [done] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, input.refundId));
        if (done) return { status: 'refunded', reference: done.id };
        if (!charge || charge.refunded + input.amount > charge.amount) return { status: 'failed', message: paymentMessages.completeFailed };
        await tx.insert(sandboxRefunds).values({ id: input.refundId, transactionUuid: input.transactionUuid, amount: input.amount });
        await tx
          .update(sandboxCharges)
          .set({ refunded: sql`${sandboxCharges.refunded} + ${input.amount}` })
          .where(eq(sandboxCharges.transactionUuid, input.transactionUuid));
        return { status: 'refunded', reference: input.refundId };
      });
    },
  };
}
