import type { CancellationSourceName } from '@app/domain';
import type { Tx } from '../../db/client';
import type { AuthedCtx, Deps } from '../../http/context';
import { AppError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { type CancelOutcome, cancelOne, refundAfterCommit } from './cancel';

/**
 * Cancels bookings (in id order, one transaction) by their policy, then makes the card refunds. Nothing cancelled
 * (each refused, already cancelled or started) is a 409 with the policy's reason when it gave one.
 */
export async function cancelWithPolicy(
  c: AuthedCtx,
  ids: number[],
  source: CancellationSourceName,
  opts: Parameters<typeof cancelBookingIds>[4] = {},
): Promise<CancelOutcome[]> {
  const outcomes = await cancelBookingIds(c, c.client.id, ids, source, opts);
  if (!outcomes.some((o) => o.status === 'cancelled')) {
    const refused = outcomes.find((o) => o.status === 'refused');
    throw new AppError('booking_not_cancellable', refused?.status === 'refused' && refused.reason ? { message: refused.reason } : {});
  }
  return outcomes;
}

export async function cancelBookingIds(
  deps: Deps,
  clientId: number,
  ids: number[],
  source: CancellationSourceName,
  opts: {
    desk?: { waiveCharge: boolean };
    /** Runs in the cancelling transaction once every booking is decided: an audit row lands exactly with the change. */
    inTx?: (tx: Tx, outcomes: CancelOutcome[]) => Promise<void>;
  } = {},
): Promise<CancelOutcome[]> {
  const now = deps.clock.now();
  const outcomes = await inTransaction(deps.db, async (tx) => {
    const out: CancelOutcome[] = [];
    for (const id of [...new Set(ids)].sort((a, b) => a - b))
      out.push(await cancelOne(tx, deps, { clientId, bookingId: id, source, now, desk: opts.desk }));
    await opts.inTx?.(tx, out);
    return out;
  });
  await refundAfterCommit(deps, outcomes);
  return outcomes;
}
