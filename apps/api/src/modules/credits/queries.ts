import type { CreditKind } from '@app/domain';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { creditLedger, users } from '../../db/schema';

/** A customer's balance of each kind of credit: the sum of the ledger rows that have not expired. */
export async function creditBalances(db: Conn, clientId: number, userId: number, now: Date): Promise<Record<CreditKind, number>> {
  const rows = await db
    .select({ kind: creditLedger.kind, total: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.clientId, clientId),
        eq(creditLedger.userId, userId),
        or(isNull(creditLedger.expiresAt), gt(creditLedger.expiresAt, now)),
      ),
    )
    .groupBy(creditLedger.kind);
  const of = (kind: CreditKind) => Number(rows.find((r) => r.kind === kind)?.total ?? 0);
  return { membership: of('membership'), general: of('general') };
}

/** Locks the customer's row: spending credit happens one payment at a time per customer, so a balance is never spent twice. */
export async function lockCustomer(tx: Conn, clientId: number, userId: number): Promise<void> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.clientId, clientId)))
    .for('update');
}

export async function insertLedgerRows(tx: Conn, rows: (typeof creditLedger.$inferInsert)[]): Promise<void> {
  if (rows.length) await tx.insert(creditLedger).values(rows);
}
