import type { Conn } from '../../db/client';
import type { AuthedCtx } from '../../http/context';
import { fieldError } from '../../lib/errors';
import { itemsOfCart } from '../cart/queries';
import { unansweredLines } from '../questions/sections';
import { requireAttendeeWaivers } from './attendees';
import { requirePrePurchaseStillMet } from './pre-purchase';

/**
 * What checkout asks of a basket before money moves (authorise, complete, front-of-house pay): every line's
 * pre-purchase waivers and inductions still met (they may have lapsed, changed or been cancelled while the basket
 * waited), every attendee's post-purchase waivers agreed ('Error with waivers, unable to complete order, please try
 * again'), and every required question of its sessions answered (a 422 keyed
 * `items.<line>.custom_question_answers.<question>`).
 * Called from checkout as one line, so checkout's own flow stays as it is (decisions 080 and 081); inside a
 * transaction, pass it (`db`), or the read waits on the transaction's own locks.
 */
export async function requireBasketReady(
  c: AuthedCtx,
  cart: { id: number; userId: number },
  completedWaivers: number[],
  db: Conn = c.db,
): Promise<void> {
  await requirePrePurchaseStillMet(c, cart, db);
  await requireAttendeeWaivers(c, cart, completedWaivers, db);
  const missing = await unansweredLines(db, c.client.id, await itemsOfCart(db, cart.id));
  if (Object.keys(missing).length > 0) throw fieldError(missing);
}
