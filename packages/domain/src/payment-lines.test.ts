import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyCredits,
  applyPaymentLineEvent,
  creditAvailability,
  creditKindOf,
  creditTenders,
  fitLinesToTotal,
  onlinePaymentPlan,
  type PaymentLineEntry,
  type PaymentLineEvent,
  paidByLines,
} from './payment-lines';

const tender = fc.constantFrom('card', 'cash', 'voucher', creditTenders.membership, creditTenders.general);
const line = fc.record({ id: fc.string({ minLength: 1, maxLength: 4 }), tenderType: tender, amount: fc.integer({ min: -500, max: 5000 }) });
const lines = fc.array(line, { maxLength: 8 });
const event: fc.Arbitrary<PaymentLineEvent> = fc.oneof(
  line.map((l) => ({ type: 'add' as const, line: l })),
  fc.constant({ type: 'items_removed' as const }),
  fc.string({ maxLength: 4 }).map((id) => ({ type: 'remove' as const, id })),
  lines.map((ls) => ({ type: 'replace' as const, lines: ls })),
);

describe('payment line rules', () => {
  it('never keeps a line of 0 or less, whatever happens', () => {
    fc.assert(
      fc.property(lines, fc.array(event, { minLength: 1, maxLength: 10 }), (start, events) => {
        const end = events.reduce(applyPaymentLineEvent, start);
        expect(end.every((l) => l.amount > 0)).toBe(true);
      }),
    );
  });

  it('keeps at most one line per credit tender once a credit line is added', () => {
    fc.assert(
      fc.property(lines, fc.array(line, { maxLength: 10 }), (start, added) => {
        const cards: PaymentLineEntry[] = start.filter((l) => l.tenderType === 'card');
        const end = added.reduce<PaymentLineEntry[]>((ls, l) => applyPaymentLineEvent(ls, { type: 'add', line: l }), cards);
        for (const t of Object.values(creditTenders)) expect(end.filter((l) => l.tenderType === t).length).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('a credit line replaces the line of its tender', () => {
    const start: PaymentLineEntry[] = [
      { id: 'a', tenderType: creditTenders.membership, amount: 500 },
      { id: 'b', tenderType: creditTenders.general, amount: 300 },
    ];
    const end = applyPaymentLineEvent(start, { type: 'add', line: { id: 'c', tenderType: creditTenders.membership, amount: 200 } });
    expect(end).toEqual([
      { id: 'b', tenderType: creditTenders.general, amount: 300 },
      { id: 'c', tenderType: creditTenders.membership, amount: 200 },
    ]);
  });

  it('removing items keeps exactly the positive general credit lines', () => {
    fc.assert(
      fc.property(lines, (start) => {
        const end = applyPaymentLineEvent(start, { type: 'items_removed' });
        expect(end).toEqual(start.filter((l) => l.tenderType === creditTenders.general && l.amount > 0));
      }),
    );
  });

  it('remove by id deletes that line and leaves the other positive lines in order', () => {
    fc.assert(
      fc.property(lines, fc.string({ maxLength: 4 }), (start, id) => {
        expect(applyPaymentLineEvent(start, { type: 'remove', id })).toEqual(start.filter((l) => l.id !== id && l.amount > 0));
      }),
    );
  });

  it('a full replace drops the general credit lines and adds the supplied ones', () => {
    fc.assert(
      fc.property(lines, lines, (start, supplied) => {
        const end = applyPaymentLineEvent(start, { type: 'replace', lines: supplied });
        expect(end).toEqual([...start.filter((l) => l.tenderType !== creditTenders.general), ...supplied].filter((l) => l.amount > 0));
      }),
    );
  });
});

describe('credit availability and applying credit', () => {
  const balances = fc.record({ membership: fc.integer({ min: 0, max: 50_000 }), general: fc.integer({ min: 0, max: 50_000 }) });
  const total = fc.integer({ min: 0, max: 50_000 });

  it('never offers more than the balance, nor more than is left to pay', () => {
    fc.assert(
      fc.property(balances, total, (b, t) => {
        const a = creditAvailability(b, t, []);
        for (const k of ['membership', 'general'] as const) {
          expect(a[k].totalAvailable).toBe(b[k]);
          expect(a[k].maxApplicable).toBe(Math.min(b[k], t));
        }
      }),
    );
  });

  it('applying the most of both kinds never pays more than the basket total', () => {
    fc.assert(
      fc.property(balances, total, (b, t) => {
        const m = creditAvailability(b, t, []).membership.maxApplicable;
        const first = applyCredits([], [{ type: 'membership', amount: m }], b, t);
        if (!first.ok) throw new Error('refused the maximum');
        const g = creditAvailability(b, t, first.lines).general.maxApplicable;
        const second = applyCredits(first.lines, [{ type: 'general', amount: g }], b, t);
        if (!second.ok) throw new Error('refused the maximum');
        expect(paidByLines(second.lines)).toBe(Math.min(t, b.membership + b.general));
      }),
    );
  });

  it('refuses more than may be applied, a negative or a fractional amount, and changes nothing', () => {
    const b = { membership: 2000, general: 20_000 };
    expect(applyCredits([], [{ type: 'membership', amount: 2001 }], b, 5000)).toEqual({ ok: false, index: 0 });
    expect(applyCredits([], [{ type: 'general', amount: 5001 }], b, 5000)).toEqual({ ok: false, index: 0 });
    expect(applyCredits([], [{ type: 'general', amount: -1 }], b, 5000)).toEqual({ ok: false, index: 0 });
    expect(applyCredits([], [{ type: 'general', amount: 1.5 }], b, 5000)).toEqual({ ok: false, index: 0 });
    expect(
      applyCredits(
        [],
        [
          { type: 'membership', amount: 2000 },
          { type: 'general', amount: 3001 },
        ],
        b,
        5000,
      ),
    ).toEqual({ ok: false, index: 1 });
  });

  it('applying 0 takes that credit off the basket', () => {
    const b = { membership: 2000, general: 20_000 };
    const on = applyCredits([], [{ type: 'general', amount: 1000 }], b, 5000);
    if (!on.ok) throw new Error('refused');
    expect(applyCredits(on.lines, [{ type: 'general', amount: 0 }], b, 5000)).toEqual({ ok: true, lines: [] });
  });
});

describe('fitting lines to a lower total', () => {
  it('never pays more than the total and never adds a line', () => {
    fc.assert(
      fc.property(lines, fc.integer({ min: 0, max: 20_000 }), (start, t) => {
        const positive = start.filter((l) => l.amount > 0);
        const end = fitLinesToTotal(positive, t);
        expect(paidByLines(end)).toBe(Math.min(t, paidByLines(positive)));
        expect(end.every((l) => positive.some((p) => p.id === l.id && p.tenderType === l.tenderType && l.amount <= p.amount))).toBe(true);
      }),
    );
  });
});

describe('the online payment plan', () => {
  const credit = (kind: 'membership' | 'general', amount: number): PaymentLineEntry => ({
    id: kind,
    tenderType: creditTenders[kind],
    amount,
  });

  it('pays by the applied credit lines and the card for the rest', () => {
    expect(onlinePaymentPlan(1000, [credit('general', 300)], [])).toEqual({
      ok: true,
      card: 700,
      lines: [
        { tenderType: 'general-credit', amount: 300 },
        { tenderType: 'card', amount: 700 },
      ],
    });
    expect(onlinePaymentPlan(1000, [credit('general', 1000)], [])).toEqual({
      ok: true,
      card: 0,
      lines: [{ tenderType: 'general-credit', amount: 1000 }],
    });
  });

  it('accepts payment lines that say the same, and refuses any other split or tender', () => {
    const lines = [credit('membership', 200)];
    expect(
      onlinePaymentPlan(1000, lines, [
        { tenderType: 'card', amount: 800 },
        { tenderType: 'membership-credit', amount: 200 },
      ]).ok,
    ).toBe(true);
    expect(onlinePaymentPlan(1000, lines, [{ tenderType: 'card', amount: 1000 }]).ok).toBe(false);
    expect(
      onlinePaymentPlan(1000, lines, [
        { tenderType: 'card', amount: 700 },
        { tenderType: 'membership-credit', amount: 300 },
      ]).ok,
    ).toBe(false);
    expect(onlinePaymentPlan(1000, [], [{ tenderType: 'cash', amount: 1000 }]).ok).toBe(false);
  });

  it('always covers the total exactly when it accepts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), (total, g) => {
        const plan = onlinePaymentPlan(total, [credit('general', Math.min(g, total))], []);
        if (!plan.ok) throw new Error('refused');
        expect(plan.lines.reduce((n, l) => n + l.amount, 0)).toBe(total);
      }),
    );
  });
});

describe('the kind of credit a tender spends', () => {
  it("maps each credit tender to its kind, the desk's credit to general, and any other tender to none", () => {
    expect(creditKindOf(creditTenders.membership)).toBe('membership');
    expect(creditKindOf(creditTenders.general)).toBe('general');
    expect(creditKindOf('credit')).toBe('general');
    expect(creditKindOf('card')).toBeNull();
    expect(creditKindOf('cash')).toBeNull();
  });
});
