/**
 * Till arithmetic (issue 15; docs/decisions/130-tills.md): the change a cash tender gives, and a cash-up's expected
 * cash against what was counted. All amounts in the smallest currency unit.
 */

export interface CashMovements {
  /** The float the till was opened with. */
  float: number;
  /** Cash kept for sales: each cash tender's amount applied to a basket (change already given back). */
  cashSales: number;
  /** Cash handed back for refunds at the desk. */
  cashRefunds: number;
  /** Cash taken out (a bank drop, petty cash). */
  paidOut: number;
}

export type CashUpStatus = 'balanced' | 'over' | 'short';

export interface CashUp {
  expected: number;
  counted: number;
  /** counted minus expected: positive when the drawer holds more than it should. */
  difference: number;
  status: CashUpStatus;
}

/** What should be in the drawer. */
export function expectedCash(m: CashMovements): number {
  return m.float + m.cashSales - m.cashRefunds - m.paidOut;
}

export function cashUp(m: CashMovements, counted: number): CashUp {
  const expected = expectedCash(m);
  const difference = counted - expected;
  return { expected, counted, difference, status: difference === 0 ? 'balanced' : difference > 0 ? 'over' : 'short' };
}

/**
 * The change for cash handed over against what is owed in cash, or null when the cash does not cover it (the desk
 * asks for more rather than recording a short payment).
 */
export function changeDue(owedInCash: number, tendered: number): number | null {
  if (!Number.isInteger(owedInCash) || !Number.isInteger(tendered) || owedInCash < 0 || tendered < owedInCash) return null;
  return tendered - owedInCash;
}
