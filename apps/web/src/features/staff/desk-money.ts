/** Pounds typed at the desk ('20', '20.5', '20.50') as pence; null for anything else (negative, three decimals). */
export function penceOf(text: string): number | null {
  const m = /^\s*(\d{1,6})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The venue the desk works at, kept for the tab so the till and the checkout agree (decision 161). */
const KEY = 'desk_venue';
export const deskVenue = {
  get(): number | null {
    try {
      return Number(window.sessionStorage.getItem(KEY)) || null;
    } catch {
      return null;
    }
  },
  set(id: number) {
    try {
      window.sessionStorage.setItem(KEY, String(id));
    } catch {
      // storage may be blocked: the first venue is used then
    }
  },
};

export type Tender = 'cash' | 'card' | 'general-credit' | 'voucher';
/** One payment line at the desk checkout as typed: a tender and, when the payment is split, its amount in pounds. */
export interface TenderLine {
  tender: Tender;
  amount: string;
}

/**
 * The desk checkout's payment lines (decision 261): one line pays the whole total; split, each line is its own amount
 * and together they must come to the total exactly (the pay endpoint refuses anything else). `left` is what the
 * lines still leave to pay (negative when they come to more), `cash` the part paid in cash (the change is worked out
 * on it), `credit` the part taken from account credit; `payments` is null until every amount is readable.
 */
export function tenderLines(lines: TenderLine[], total: number) {
  const amounts = lines.length === 1 ? [total] : lines.map((l) => penceOf(l.amount));
  const known = amounts.every((a): a is number => a !== null && a > 0);
  const sum = amounts.reduce<number>((s, a) => s + (a ?? 0), 0);
  const part = (tender: Tender) => lines.reduce((s, l, i) => s + (l.tender === tender ? (amounts[i] ?? 0) : 0), 0);
  return {
    payments: known ? lines.map((l, i) => ({ tenderType: l.tender, amount: amounts[i] as number })) : null,
    left: total - sum,
    cash: part('cash'),
    credit: part('general-credit'),
  };
}
