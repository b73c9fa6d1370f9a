import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import {
  bookings,
  carts,
  orderLines,
  orders,
  paymentCustomers,
  paymentLines,
  paymentSessions,
  paymentTransactions,
  savedCards,
  users,
} from '../../db/schema';

export type TransactionRow = typeof paymentTransactions.$inferSelect;

export async function insertPaymentSession(db: Conn, values: typeof paymentSessions.$inferInsert): Promise<void> {
  await db.insert(paymentSessions).values(values);
}

export async function findPaymentSession(db: Conn, key: string, clientId: number, userId: number, now: Date) {
  const [row] = await db
    .select()
    .from(paymentSessions)
    .where(
      and(
        eq(paymentSessions.key, key),
        eq(paymentSessions.clientId, clientId),
        eq(paymentSessions.userId, userId),
        sql`${paymentSessions.expiresAt} > ${now}`,
      ),
    );
  return row;
}

/** Inserts a transaction unless one already exists for this card token or idempotency key; null when it does. */
export async function insertTransaction(db: Conn, values: typeof paymentTransactions.$inferInsert): Promise<TransactionRow | null> {
  const [row] = await db.insert(paymentTransactions).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findTransactionBy(
  db: Conn,
  clientId: number,
  userId: number | undefined,
  by: { cardIdentifier?: string; idempotencyKey?: string; uuid?: string },
) {
  const where = [eq(paymentTransactions.clientId, clientId)];
  if (userId !== undefined) where.push(eq(paymentTransactions.userId, userId));
  if (by.cardIdentifier) where.push(eq(paymentTransactions.cardIdentifier, by.cardIdentifier));
  if (by.idempotencyKey) where.push(eq(paymentTransactions.idempotencyKey, by.idempotencyKey));
  if (by.uuid) where.push(eq(paymentTransactions.uuid, by.uuid));
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(and(...where))
    .limit(1);
  return row;
}

export async function lockTransaction(tx: Conn, clientId: number, userId: number, uuid: string) {
  const [row] = await tx
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.uuid, uuid), eq(paymentTransactions.clientId, clientId), eq(paymentTransactions.userId, userId)))
    .for('update');
  return row;
}

/** Every reserved or hold-expired booking a basket line had, to settle or re-take at completion. */
export async function bookingsOfLine(tx: Conn, cartItemId: number) {
  return tx.select().from(bookings).where(eq(bookings.cartItemId, cartItemId));
}

/**
 * Moves a transaction on from the status it was read with (`from`), and only from it: another call (a second tab, a
 * provider's webhook, completion) may have moved it meanwhile, and a status is never overwritten. Null when it had
 * moved: the caller answers with what the transaction is now, as the call that moved it did.
 */
export async function moveTransaction(
  db: Conn,
  uuid: string,
  from: TransactionRow['status'],
  values: Partial<typeof paymentTransactions.$inferInsert>,
): Promise<TransactionRow | null> {
  const [row] = await db
    .update(paymentTransactions)
    .set(values)
    .where(and(eq(paymentTransactions.uuid, uuid), eq(paymentTransactions.status, from)))
    .returning();
  return row ?? null;
}

/** The transaction as it is now, by its id: after a conditional change found it moved. */
export async function transactionNow(db: Conn, uuid: string): Promise<TransactionRow> {
  const [row] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.uuid, uuid));
  if (!row) throw new Error(`transaction ${uuid} vanished`);
  return row;
}

/**
 * Updates the provider's transaction with this reference only while it still waits on the provider (pending or
 * 3-D Secure): an event that arrives after completion, failure or a repeat of itself changes nothing.
 */
export async function updateWaitingTransaction(
  db: Conn,
  provider: string,
  providerReference: string,
  values: Partial<typeof paymentTransactions.$inferInsert>,
  /** The client whose webhook address the event came to (its own secret vouched for it): only its transactions. */
  clientId?: number,
): Promise<void> {
  await db
    .update(paymentTransactions)
    .set(values)
    .where(
      and(
        eq(paymentTransactions.provider, provider),
        eq(paymentTransactions.providerReference, providerReference),
        clientId === undefined ? undefined : eq(paymentTransactions.clientId, clientId),
        inArray(paymentTransactions.status, ['pending', 'sca_required']),
      ),
    );
}

export async function lockCartById(tx: Conn, cartId: number) {
  const [row] = await tx.select().from(carts).where(eq(carts.id, cartId)).for('update');
  return row;
}

export async function insertOrder(tx: Conn, values: typeof orders.$inferInsert) {
  const [row] = await tx.insert(orders).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function insertOrderLines(tx: Conn, values: (typeof orderLines.$inferInsert)[]): Promise<void> {
  if (values.length) await tx.insert(orderLines).values(values);
}

export async function insertPaymentLines(tx: Conn, values: (typeof paymentLines.$inferInsert)[]): Promise<void> {
  if (values.length) await tx.insert(paymentLines).values(values);
}

export async function completeCart(tx: Conn, cartId: number, orderId: number, now: Date): Promise<void> {
  await tx.update(carts).set({ status: 'completed', completeOrderId: orderId, updatedAt: now }).where(eq(carts.id, cartId));
}

/** A saved card of this customer for this provider; another's answers nothing. */
export async function findSavedCard(db: Conn, clientId: number, userId: number, id: number, provider: string) {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, id), eq(savedCards.clientId, clientId), eq(savedCards.userId, userId), eq(savedCards.provider, provider)));
  return row ?? null;
}

export async function latestSavedCard(db: Conn, clientId: number, userId: number, provider: string) {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.clientId, clientId), eq(savedCards.userId, userId), eq(savedCards.provider, provider)))
    .orderBy(desc(savedCards.id))
    .limit(1);
  return row ?? null;
}

export async function insertSavedCard(db: Conn, values: typeof savedCards.$inferInsert): Promise<void> {
  await db.insert(savedCards).values(values);
}

/** This customer's saved cards for this provider at this client, newest first; nobody else's. */
export async function savedCardsOf(db: Conn, clientId: number, userId: number, provider: string) {
  return db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.clientId, clientId), eq(savedCards.userId, userId), eq(savedCards.provider, provider)))
    .orderBy(desc(savedCards.id));
}

/** Removes one saved card, only this customer's at this client; answers whether it was there to remove. */
export async function deleteSavedCard(db: Conn, clientId: number, userId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(savedCards)
    .where(and(eq(savedCards.id, id), eq(savedCards.clientId, clientId), eq(savedCards.userId, userId)))
    .returning({ id: savedCards.id });
  return gone.length > 0;
}

/** A saved card of this customer at this client, whatever its provider (removal goes to the provider that kept it). */
export async function ownSavedCard(db: Conn, clientId: number, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, id), eq(savedCards.clientId, clientId), eq(savedCards.userId, userId)));
  return row ?? null;
}

/** The provider's customer that stands for this customer at this client (decision 220), if one was made. */
export async function findPaymentCustomer(db: Conn, clientId: number, userId: number, provider: string): Promise<string | null> {
  const [row] = await db
    .select({ reference: paymentCustomers.reference })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.clientId, clientId), eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)));
  return row?.reference ?? null;
}

/** Keeps the mapping; a concurrent first keeps its own, and the one kept is the answer. */
export async function keepPaymentCustomer(
  db: Conn,
  values: { clientId: number; userId: number; provider: string; reference: string; createdAt: Date },
): Promise<string> {
  await db.insert(paymentCustomers).values(values).onConflictDoNothing();
  return (await findPaymentCustomer(db, values.clientId, values.userId, values.provider)) ?? values.reference;
}

/** A customer's email: a provider's customer is made with it (Ryft requires one). */
export async function emailOf(db: Conn, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
