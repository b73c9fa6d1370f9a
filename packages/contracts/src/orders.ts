import { zonedDateTime } from './date-schemas';
import { orderStatus, refundStatus, tenderType } from './enums';
import { money } from './money';
import { z } from './zod-setup';

export const orderLine = z.object({
  id: z.int32(),
  name: z.string(),
  kind: z.string(),
  quantity: z.int32(),
  unit_price: money,
  line_total: money,
  /** credited: paid after its place was gone, so its price went to the customer's credit (decision 033). */
  status: z.enum(['fulfilled', 'credited']).optional(),
  booking: z
    .object({
      id: z.int32(),
      status: z.string(),
      starts_at: zonedDateTime,
      ends_at: zonedDateTime,
      venue_name: z.string(),
      /** Ours: the venue's address on one line, for 'Add to calendar' as the .ics has it. */
      venue_address: z.string().nullable(),
      location_name: z.string().nullable(),
      /** Ours (issue 13, decision 170): the venue's arrival information, shown on the confirmation. */
      arrival_info: z.string().nullable().optional(),
    })
    .nullable(),
});

/** An order as the account's Payments list shows it: totals and states, without its lines. */
export const orderSummary = z.object({
  id: z.int32(),
  cart_source: z.string(),
  status: orderStatus,
  source: z.string(),
  total: money,
  count: z.int32(),
  balance: money,
  refund_status: refundStatus.nullable(),
  created_at: z.string(),
});

export const order = orderSummary.extend({
  line_items: z.array(orderLine),
  payments: z.array(z.object({ tender_type: tenderType, amount: money })),
});
export type Order = z.infer<typeof order>;
