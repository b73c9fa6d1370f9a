import type { AuthedCtx } from '../../http/context';
import { fieldError } from '../../lib/errors';
import { itemsOfCart } from '../cart/queries';
import { unansweredLines } from '../questions/sections';
import { requireAttendeeWaivers } from './attendees';

/**
 * What checkout asks of a basket before money moves (authorise, complete, front-of-house pay): every attendee's
 * post-purchase waivers agreed ('Error with waivers, unable to complete order, please try again'), and every
 * required question of its sessions answered (a 422 keyed `items.<line>.custom_question_answers.<question>`).
 * Called from checkout as one line, so checkout's own flow stays as it is (decisions 080 and 081).
 */
export async function requireBasketReady(c: AuthedCtx, cart: { id: number; userId: number }, completedWaivers: number[]): Promise<void> {
  await requireAttendeeWaivers(c, cart, completedWaivers);
  const missing = await unansweredLines(c.db, c.client.id, await itemsOfCart(c.db, cart.id));
  if (Object.keys(missing).length > 0) throw fieldError(missing);
}
