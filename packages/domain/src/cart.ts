import { formatMoney } from '@app/contracts';
import { priceAfterBenefits } from './benefits';

export interface CartLine {
  id: number;
  quantity: number;
  unitPrice: number;
  /** Choices that change what is bought (tickets, extras) and so must change the basket's hash. */
  options?: unknown;
  expiresAt?: Date | null;
}

export interface CartTotals {
  total: number;
  taxTotal: number;
  subTotal: number;
  balance: number;
  itemCount: number;
}

export const lineTotal = (line: Pick<CartLine, 'quantity' | 'unitPrice'>): number => line.quantity * line.unitPrice;

/**
 * Totals of a basket. Prices include VAT, which we do not break out yet, so tax_total is 0 and sub_total equals
 * total. Balance is what is left to pay after payment lines already applied (credits), never below zero.
 */
export function cartTotals(lines: CartLine[], applied: { amount: number }[] = []): CartTotals {
  const total = lines.reduce((sum, l) => sum + lineTotal(l), 0);
  const paid = applied.reduce((sum, p) => sum + Math.max(0, p.amount), 0);
  return { total, taxTotal: 0, subTotal: total, balance: Math.max(0, total - paid), itemCount: lines.length };
}

/**
 * The text a basket's item_hash is taken over: every line's id, quantity, price, choices and hold, in id order.
 * Any change a customer could pay for differently changes it.
 */
export function cartHashContent(cartUuid: string, lines: CartLine[]): string {
  const sorted = [...lines].sort((a, b) => a.id - b.id);
  return JSON.stringify([
    cartUuid,
    sorted.map((l) => [l.id, l.quantity, l.unitPrice, l.options ?? null, l.expiresAt?.toISOString() ?? null]),
  ]);
}

export interface TicketChoice {
  id: number;
  quantity: number;
  /**
   * A ticket for a named customer (doc 1: "selected tickets carry id and customerReference"), priced with that
   * customer's discount in percent ("Ticket discount keyed by customerId", decision 151). Absent: list price.
   */
  customerReference?: string | null;
  discountPercent?: number;
}

export interface TicketType {
  id: number;
  name: string;
  price: number;
  attendees: number;
}

export interface TicketLine extends TicketType {
  quantity: number;
  /** The list price of one ticket; `price` is what one costs after the customer's discount. */
  fullPrice: number;
  customerReference: string | null;
  discountPercent: number;
}

/**
 * A ticketed booking: the places it takes (tickets times attendees per ticket) and its price, each ticket at its
 * customer's discount when it names one (the basket's member benefit rule). Unknown ticket ids and an all-zero choice
 * are refused by the caller; this only sums.
 */
export function ticketedBooking(choices: TicketChoice[], types: TicketType[]): { places: number; price: number; lines: TicketLine[] } {
  const byId = new Map(types.map((t) => [t.id, t]));
  const lines = choices
    .filter((c) => c.quantity > 0)
    .map((c): TicketLine => {
      const type = byId.get(c.id);
      if (!type) throw new RangeError(`unknown ticket ${c.id}`);
      const after = priceAfterBenefits(type.price, { packageId: null, discountPercent: c.discountPercent ?? 0 });
      return {
        ...type,
        quantity: c.quantity,
        price: after.price,
        fullPrice: type.price,
        customerReference: c.customerReference ?? null,
        discountPercent: after.applied?.kind === 'benefit' ? after.applied.percent : 0,
      };
    });
  return {
    places: lines.reduce((n, l) => n + l.quantity * l.attendees, 0),
    price: lines.reduce((n, l) => n + l.quantity * l.price, 0),
    lines,
  };
}

/** The formatted values of a basket's totals, in the client's currency (no space after £, a space after others). */
export const formattedTotals = (totals: CartTotals, currency: string) => ({
  formattedTotal: formatMoney(totals.total, currency),
  formattedBalance: formatMoney(totals.balance, currency),
});
