/**
 * Payment lines of a basket: how the amount to pay is split between tenders (credit now, card at checkout).
 * The rules of spec document 1 section 4, as pure functions over a list of lines.
 */

export type CreditKind = 'membership' | 'general';

/** The tender of each kind of credit. The spec leaves their names to us (docs/decisions/031-credit-tenders.md). */
export const creditTenders = { membership: 'membership-credit', general: 'general-credit' } as const satisfies Record<CreditKind, string>;
export type CreditTender = (typeof creditTenders)[CreditKind];

export interface PaymentLineEntry {
  /** Stable id of the line, so one line can be removed by id. */
  id: string;
  tenderType: string;
  amount: number;
}

export type PaymentLineEvent =
  /** Add a line; a membership or general credit line replaces the existing line of that tender. */
  | { type: 'add'; line: PaymentLineEntry }
  /** Items were removed from the basket: only the general credit lines stay. */
  | { type: 'items_removed' }
  /** Remove one line by its id. */
  | { type: 'remove'; id: string }
  /** Full replace: the general credit lines go and the supplied lines are added. */
  | { type: 'replace'; lines: PaymentLineEntry[] };

export const isCreditTender = (tender: string): tender is CreditTender =>
  tender === creditTenders.membership || tender === creditTenders.general;

/** The kind of credit a tender spends, or null when it is not credit: the desk's `credit` is general credit (decision 031). */
export const creditKindOf = (tender: string): CreditKind | null =>
  tender === creditTenders.membership ? 'membership' : tender === creditTenders.general || tender === 'credit' ? 'general' : null;

/** A line of 0 or less is never kept. */
const positive = (lines: PaymentLineEntry[]): PaymentLineEntry[] => lines.filter((l) => l.amount > 0);

export function applyPaymentLineEvent(lines: PaymentLineEntry[], event: PaymentLineEvent): PaymentLineEntry[] {
  switch (event.type) {
    case 'add': {
      const { line } = event;
      const kept = isCreditTender(line.tenderType)
        ? lines.filter((l) => l.tenderType !== line.tenderType && l.id !== line.id)
        : lines.filter((l) => l.id !== line.id);
      return positive([...kept, line]);
    }
    case 'items_removed':
      return positive(lines.filter((l) => l.tenderType === creditTenders.general));
    case 'remove':
      return positive(lines.filter((l) => l.id !== event.id));
    case 'replace':
      return positive([...lines.filter((l) => l.tenderType !== creditTenders.general), ...event.lines]);
  }
}

export const paidByLines = (lines: PaymentLineEntry[]): number => lines.reduce((sum, l) => sum + Math.max(0, l.amount), 0);

export interface CreditAvailability {
  type: CreditKind;
  /** The customer's balance of this kind of credit. */
  totalAvailable: number;
  /** The most of it that can go on this basket now: no more than the balance, nor than what other lines leave to pay. */
  maxApplicable: number;
}

/**
 * How much of each kind of credit the customer has and could apply to a basket of this total, given the lines
 * already on it (its own credit line counts as applicable again, since applying replaces it).
 */
export function creditAvailability(
  balances: Record<CreditKind, number>,
  basketTotal: number,
  lines: PaymentLineEntry[],
): Record<CreditKind, CreditAvailability> {
  const of = (type: CreditKind): CreditAvailability => {
    const others = paidByLines(lines.filter((l) => l.tenderType !== creditTenders[type]));
    const available = Math.max(0, balances[type]);
    return { type, totalAvailable: available, maxApplicable: Math.max(0, Math.min(available, basketTotal - others)) };
  };
  return { membership: of('membership'), general: of('general') };
}

export type CreditApplication = { ok: true; lines: PaymentLineEntry[] } | { ok: false; index: number };

/**
 * Applies credits as POST /api/credits/apply asks (amount and kind each). Each must be a whole amount from 0 (which
 * takes that credit off) up to what may be applied; otherwise nothing is applied and the index of the first bad one
 * is given.
 */
export function applyCredits(
  lines: PaymentLineEntry[],
  credits: { amount: number; type: CreditKind }[],
  balances: Record<CreditKind, number>,
  basketTotal: number,
): CreditApplication {
  let next = lines;
  for (const [index, credit] of credits.entries()) {
    const max = creditAvailability(balances, basketTotal, next)[credit.type].maxApplicable;
    if (!Number.isInteger(credit.amount) || credit.amount < 0 || credit.amount > max) return { ok: false, index };
    const tenderType = creditTenders[credit.type];
    next = applyPaymentLineEvent(next, { type: 'add', line: { id: tenderType, tenderType, amount: credit.amount } });
  }
  return { ok: true, lines: next };
}

/**
 * After the basket's total fell (items removed, a quantity lowered), lines are cut back in order so together they
 * never pay more than the total; a line cut to 0 goes.
 */
export function fitLinesToTotal(lines: PaymentLineEntry[], total: number): PaymentLineEntry[] {
  let left = Math.max(0, total);
  const out: PaymentLineEntry[] = [];
  for (const l of lines) {
    const amount = Math.min(l.amount, left);
    left -= Math.max(0, amount);
    out.push({ ...l, amount });
  }
  return out.filter((l) => l.amount > 0);
}

export type PaymentPlan = { ok: true; card: number; lines: { tenderType: string; amount: number }[] } | { ok: false };

/**
 * How a basket is paid online: the credit lines already applied to it, and the card for the rest. When the caller
 * sends its own payment lines, they must say the same (the same credit lines, card lines making up the rest), so a
 * page showing stale amounts cannot pay the wrong split.
 */
export function onlinePaymentPlan(
  total: number,
  creditLines: PaymentLineEntry[],
  requested: { tenderType: string; amount: number }[],
): PaymentPlan {
  const credits = creditLines.filter((l) => isCreditTender(l.tenderType) && l.amount > 0);
  const card = Math.max(0, total - paidByLines(credits));
  const lines = [
    ...credits.map((l) => ({ tenderType: l.tenderType, amount: l.amount })),
    ...(card > 0 ? [{ tenderType: 'card', amount: card }] : []),
  ];
  if (requested.length === 0) return { ok: true, card, lines };
  if (requested.some((r) => r.tenderType !== 'card' && !isCreditTender(r.tenderType))) return { ok: false };
  const key = (ls: { tenderType: string; amount: number }[]) =>
    ls
      .filter((l) => isCreditTender(l.tenderType))
      .map((l) => `${l.tenderType}:${l.amount}`)
      .sort()
      .join();
  const requestedCard = requested.filter((r) => r.tenderType === 'card').reduce((n, r) => n + r.amount, 0);
  if (key(requested) !== key(credits) || requestedCard !== card) return { ok: false };
  return { ok: true, card, lines };
}
