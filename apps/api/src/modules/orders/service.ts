import { type Order, type TenderType, toMoney, toZonedDateTime } from '@app/contracts';
import type { AuthedCtx } from '../../http/context';
import { notFound } from '../../lib/errors';
import { actingUserId } from '../auth/acting-for';
import { addressLine } from '../notifications/brand';
import { findOrder, linesOf, paymentsOf } from './queries';

/**
 * An order, only for the customer it belongs to, someone holding an accepted link to them, or staff of the same
 * client. Anyone else gets a 404.
 */
export async function orderFor(c: AuthedCtx, orderId: number): Promise<Order> {
  const order = await findOrder(c.db, c.client.id, orderId);
  if (!order) throw notFound();
  if (order.userId !== c.user.id) await actingUserId(c, order.userId);
  const [lines, payments] = await Promise.all([linesOf(c.db, order.id), paymentsOf(c.db, [order.id])]);
  const cur = order.currency;
  const tz = c.client.timezone;
  return {
    id: order.id,
    cart_source: order.cartSource,
    status: order.status,
    source: order.source,
    total: toMoney(order.total, cur),
    count: lines.length,
    balance: toMoney(order.balance, cur),
    refund_status: order.refundStatus,
    line_items: lines.map(({ line, ...b }) => ({
      id: line.id,
      name: line.name,
      kind: line.kind,
      quantity: line.quantity,
      unit_price: toMoney(line.unitPrice, cur),
      line_total: toMoney(line.lineTotal, cur),
      status: line.status,
      booking:
        line.bookingId !== null && b.startsAt && b.endsAt && b.bookingStatus
          ? {
              id: line.bookingId,
              status: b.bookingStatus,
              starts_at: toZonedDateTime(b.startsAt, tz),
              ends_at: toZonedDateTime(b.endsAt, tz),
              venue_name: b.venueName ?? '',
              venue_address: b.venueAddress ? addressLine(b.venueAddress) : null,
              location_name: b.friendlyLocationName,
              arrival_info: b.arrivalInfo,
            }
          : null,
    })),
    payments: payments.map((p) => ({ tender_type: p.tenderType as TenderType, amount: toMoney(p.amount, cur) })),
    created_at: order.createdAt.toISOString(),
  };
}
