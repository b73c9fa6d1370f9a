import { z } from 'zod';
import { intId } from './envelope';
import { money } from './money';

/** The till's words (issue 15; the spec shows no till screens, so these are ours: decision 161). */
export const tillMessages = {
  opened: 'Till opened.',
  closed: 'Till closed.',
  alreadyOpen: 'This till is already open.',
  notOpen: 'This till is not open.',
  nameTaken: 'A till with this name already exists at this venue.',
} as const;

/** Floats and counts are whole pence, at most £100,000 in a drawer. */
const cashAmount = z.int32().min(0).max(10_000_000);

export const tillsQuery = z.object({ venue_id: intId });
export const tillParams = z.object({ tillId: intId });
export const openTillBody = z.object({ float: cashAmount });
export const closeTillBody = z.object({ counted: cashAmount });
/** A JSON body's id is a number, never coerced from `true` or "12" as a query's text is. */
export const createTillBody = z.object({ venue_id: z.int32().min(1), name: z.string().trim().min(1).max(64) });

export const cashUpView = z.object({
  expected: money,
  counted: money,
  difference: money,
  status: z.enum(['balanced', 'over', 'short']),
});
export type CashUpView = z.infer<typeof cashUpView>;

/** One opening of a till: its float, the cash taken so far and, once closed, the cash-up. */
export const tillSessionView = z.object({
  id: z.int32(),
  float: money,
  cash_sales: money,
  expected: money,
  opened_at: z.string(),
  opened_by: z.string(),
  closed_at: z.string().nullable(),
  cash_up: cashUpView.nullable(),
});
export type TillSessionView = z.infer<typeof tillSessionView>;

export const tillView = z.object({
  id: z.int32(),
  name: z.string(),
  venue_id: z.int32(),
  /** The open session, or null when the till is closed. */
  open: tillSessionView.nullable(),
  /** The last closed session, for its cash-up. */
  last_closed: tillSessionView.nullable(),
});
export type TillView = z.infer<typeof tillView>;
export type CreateTillBody = z.infer<typeof createTillBody>;
