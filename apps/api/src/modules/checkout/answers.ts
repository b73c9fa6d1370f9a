import { type CompleteResult, checkoutMessages, type Money, toastMessages } from '@app/contracts';
import { AppError, type ErrorCode, errorCatalogue } from '../../lib/errors';
import type { TransactionRow } from './queries';

/** What complete answers: the spec's result and its toast message. */
export interface Completed {
  result: CompleteResult;
  message: string;
}

/** The answer kept on the transaction, so every repeat of complete returns it word for word. */
export type Stored = CompleteResult & { message: string };

export const orderAnswer = (orderId: number, credited: Money | null): Stored => ({
  complete_order_id: orderId,
  order_id: orderId,
  status: 'success',
  error: null,
  credited,
  message: credited ? checkoutMessages.lateCredited(credited.formatted) : toastMessages.orderCompleted,
});

/** The stored answer of a completed or voided transaction; null while it has none. */
export const storedOf = (t: TransactionRow): Completed | null => {
  if ((t.status !== 'completed' && t.status !== 'voided') || !t.result) return null;
  const { message, ...result } = t.result as Stored;
  return { result, message };
};

/**
 * A transaction that failed at completion (capture declined, basket or credit changed): every repeat answers with
 * the same error. One that failed at authorisation was never completable.
 */
export const storedFailure = (t: TransactionRow): AppError | null => {
  if (t.status !== 'failed') return null;
  if (t.captureAttempt === 0) return new AppError('transaction_not_authorised');
  const code = (t.errorCode && t.errorCode in errorCatalogue ? t.errorCode : 'payment_provider_failed') as ErrorCode;
  return new AppError(code, t.errorMessage ? { message: t.errorMessage } : {});
};
