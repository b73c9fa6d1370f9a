import type { AuthedCtx } from '../../http/context';
import { AppError } from '../../lib/errors';
import { actingUserId } from '../auth/acting-for';
import { findPaymentSession } from './queries';

/**
 * The session calls send no item_hash: the hash the basket had when the session was prepared stands for it, so a
 * basket changed since is refused just the same.
 */
export async function itemHashOfSession(c: AuthedCtx, sessionKey: string, selectedUserId: number | undefined): Promise<string> {
  const userId = await actingUserId(c, selectedUserId);
  const session = await findPaymentSession(c.db, sessionKey, c.client.id, userId, c.clock.now());
  if (!session) throw new AppError('payment_session_not_found');
  if (!session.provider) throw new AppError('provider_not_in_session');
  return session.itemHash ?? '';
}
