import { money } from './money';
import { z } from './zod-setup';

/**
 * POST /price/{venue}/ticket/{activityId} (doc 1): the ticket prices of a ticketed session for one customer, named by
 * their reference ("Ticket discount keyed by customerId"). is_v2 is true when the id is non-numeric; occurrence_id
 * names the session (docs/decisions/084-ticket-discounts.md).
 */
export const ticketPriceParams = z.object({ venue: z.string().min(1).max(255), activityId: z.string().min(1).max(64) });
export const ticketPriceBody = z.object({
  reference: z.string().trim().min(1).max(64),
  is_v2: z.boolean().optional(),
  /** The same flag as a snake_case converter writes `isV2` (the shared client's, like lodash's): both are accepted. */
  is_v_2: z.boolean().optional(),
  occurrence_id: z.string().min(1).max(64).optional(),
});
export type TicketPriceBody = z.infer<typeof ticketPriceBody>;

export const ticketPrice = z.object({
  customer_id: z.int32(),
  customer_reference: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  occurrence_id: z.string(),
  /** The customer's best membership discount on this activity, in percent (0 for none). */
  discount_percent: z.int32(),
  tickets: z.array(
    z.object({
      id: z.int32(),
      name: z.string(),
      attendees: z.int32(),
      price: money,
      discounted_price: money,
      discount_applied: z.boolean(),
    }),
  ),
});
export type TicketPrice = z.infer<typeof ticketPrice>;

/** Ours: the spec shows the server's message for a discount that cannot be applied (HTTP 400). */
export const ticketPriceMessages = {
  noCustomer: 'No customer was found with this reference.',
  notTicketed: 'This session is not sold by ticket.',
} as const;
