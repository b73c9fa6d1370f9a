/**
 * How Opayo Pi's answers read (decisions 111, 201): the transaction object, its error bodies, and the refusals of an
 * instruction on a deferred transaction. Pure, so each reading is tested on its own.
 */

/** Opayo Pi's transaction answer, the documented fields the checkout reads. */
export interface OpayoTransaction {
  transactionId?: string;
  transactionType?: string;
  status?: string;
  statusCode?: string;
  statusDetail?: string;
  bankResponseCode?: string;
  acsUrl?: string;
  cReq?: string;
  paymentMethod?: {
    card?: { cardType?: string; lastFourDigits?: string; expiryDate?: string; cardIdentifier?: string; reusable?: boolean };
  };
  amount?: { totalAmount?: number };
  '3DSecure'?: { status?: string };
}

/** Opayo's error bodies: one error (`code`, `description`; 401, 404) or a list (`errors`; 400/422 validation). */
interface OpayoError {
  code?: number | string;
  description?: string;
  errors?: { code?: number | string; description?: string; clientMessage?: string; property?: string }[];
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * A transaction answer carries the transaction's own status (Ok, NotAuthed, Rejected, 3DAuth, ...) with its statusCode
 * or id; anything else (bad credentials, a validation error, an expired merchant session key) is an error body that
 * says the request was not made into a transaction, never that a bank declined a card.
 */
export function transactionOf(body: unknown): OpayoTransaction | null {
  const r = record(body);
  if (!r || typeof r.status !== 'string') return null;
  return typeof r.transactionId === 'string' || typeof r.statusCode === 'string' ? (r as OpayoTransaction) : null;
}

/** Every description an answer carries (its own, its statusDetail, its errors'), for reading a refusal. */
export function wordsOf(body: unknown): string {
  const r = (record(body) ?? {}) as OpayoError & { statusDetail?: string };
  return [r.description, r.statusDetail, ...(r.errors ?? []).flatMap((e) => [e.description, e.clientMessage])]
    .filter((w): w is string => typeof w === 'string')
    .join(' ');
}

/**
 * What Opayo's refusal of a release or abort instruction says of the deferred transaction. Opayo's retrieve does not
 * show instructions, so the refusal is the only word on it: "already released" means the money was taken (a release
 * can be made once); "aborted" (or cancelled, voided, expired: Opayo aborts a deferred transaction after 30 days)
 * means it was let go; anything else tells nothing. The words, not the codes, are read: the reference does not list
 * the codes of these refusals (decision 201).
 */
export function refusalOf(body: unknown): 'released' | 'aborted' | 'unknown' {
  const words = wordsOf(body).toLowerCase();
  if (/\b(already\s+(been\s+)?released|has\s+been\s+released)\b/.test(words)) return 'released';
  if (/\b(abort(ed)?|cancel(l)?ed|void(ed)?|expired)\b/.test(words)) return 'aborted';
  return 'unknown';
}

/** Opayo refuses a vendorTxCode it has seen before, whatever became of that transaction. */
export const isVendorTxCodeUsed = (body: unknown): boolean => /vendortxcode.*(used|exists)/i.test(wordsOf(body));
