import type { BookableActionKind } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CampOffer,
  type CampSessionState,
  campBookingEnabled,
  campButtonAction,
  campChoice,
  campHasSomethingToBook,
  isSessionSelectable,
  sessionsByWeek,
} from './camp-booking';
import { disabledReason } from './programme-booking';

const open = (id: string): CampSessionState => ({ id, action: 'book', available: 5, past: false });
const offer = (over: Partial<CampOffer> = {}): CampOffer => ({
  availability: ['bundled', 'individual'],
  hasBundledPrice: true,
  hasIndividualPrice: true,
  sessions: ['a', 'b', 'c'].map(open),
  ...over,
});

describe('camp booking type: forcing and pre-selection (doc 2, section 4)', () => {
  it('starts on full with both options, nothing forced or pre-selected', () => {
    expect(campChoice(offer())).toEqual({
      initial: 'full',
      forced: null,
      fullDisabled: false,
      individualDisabled: false,
      preselected: [],
      alreadyBookedSome: false,
    });
  });

  it('forces full when only bundled is offered', () => {
    expect(campChoice(offer({ availability: ['bundled'] }))).toMatchObject({ initial: 'full', forced: 'full', individualDisabled: true });
  });

  it('forces individual, every bookable session ticked, when only individual is offered', () => {
    expect(campChoice(offer({ availability: ['individual'] }))).toMatchObject({
      initial: 'individual',
      forced: 'individual',
      fullDisabled: true,
      preselected: ['a', 'b', 'c'],
    });
  });

  it('forces individual when a session is unavailable (no action book, or no places), ticking only those that can be had', () => {
    const sessions = [open('a'), { ...open('b'), available: 0 }, { ...open('c'), action: 'join_waitlist' as const }, open('d')];
    expect(campChoice(offer({ sessions }))).toMatchObject({ forced: 'individual', fullDisabled: true, preselected: ['a', 'd'] });
    const past = [{ ...open('a'), action: null, past: true }, open('b')];
    expect(campChoice(offer({ sessions: past }))).toMatchObject({ forced: 'individual', preselected: ['b'] });
  });

  it('disables full without a bundled price and individual without an individual price', () => {
    expect(campChoice(offer({ hasBundledPrice: false }))).toMatchObject({
      fullDisabled: true,
      initial: 'individual',
      preselected: ['a', 'b', 'c'],
    });
    expect(campChoice(offer({ hasIndividualPrice: false }))).toMatchObject({ individualDisabled: true, initial: 'full' });
  });

  it('lets an attendee who booked some sessions buy the rest as the full camp', () => {
    const sessions = [{ ...open('a'), action: 'cancel_booking' as const }, open('b'), open('c')];
    const choice = campChoice(offer({ sessions }));
    expect(choice).toMatchObject({ alreadyBookedSome: true, forced: null, fullDisabled: false, initial: 'full' });
    expect(
      campBookingEnabled({
        type: 'full',
        formValid: true,
        waiverAgreed: true,
        selectedCount: 0,
        offer: offer({ sessions }),
        campAction: null,
      }),
    ).toBe(true);
  });

  const action = fc.constantFrom<BookableActionKind | null>(
    'book',
    'cancel_booking',
    'cancel_reservation',
    'join_waitlist',
    'leave_waitlist',
    null,
  );
  const session = fc.record({ id: fc.uuid(), action, available: fc.integer({ min: 0, max: 3 }), past: fc.boolean() });
  const anyOffer = fc.record({
    availability: fc.subarray(['bundled', 'individual'] as const),
    hasBundledPrice: fc.boolean(),
    hasIndividualPrice: fc.boolean(),
    sessions: fc.array(session, { minLength: 1, maxLength: 8 }),
  });

  it('over every combination of pricing options and availability, never starts on or forces a choice it disables wrongly', () => {
    fc.assert(
      fc.property(anyOffer, (o) => {
        const c = campChoice(o);
        const bundled = o.availability.includes('bundled');
        const individual = o.availability.includes('individual');
        const unavailable = o.sessions.filter((s) => s.action !== 'cancel_booking').some((s) => s.action !== 'book' || s.available <= 0);
        // Forcing, in doc 2's order.
        if (bundled && !individual) expect(c.forced).toBe('full');
        else if (individual && !bundled) expect(c.forced).toBe('individual');
        else if (unavailable) expect(c.forced).toBe('individual');
        else expect(c.forced).toBeNull();
        // Disabling.
        if (unavailable || !o.hasBundledPrice || !bundled) expect(c.fullDisabled).toBe(true);
        if (!o.hasIndividualPrice || !individual) expect(c.individualDisabled).toBe(true);
        // Pre-selection: exactly the bookable, non-past sessions, and only when starting on individual.
        const selectable = o.sessions.filter(isSessionSelectable).map((s) => s.id);
        expect(c.preselected).toEqual(c.initial === 'individual' ? selectable : []);
        expect(c.preselected.every((id) => selectable.includes(id))).toBe(true);
        if (c.forced) expect(c.initial).toBe(c.forced);
      }),
    );
  });

  it('over every combination, enables a booking only when doc 2 allows it', () => {
    fc.assert(
      fc.property(
        anyOffer,
        fc.constantFrom('full' as const, 'individual' as const),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 4 }),
        action,
        (o, type, formValid, waiverAgreed, selectedCount, campAction) => {
          const enabled = campBookingEnabled({ type, formValid, waiverAgreed, selectedCount, offer: o, campAction });
          const c = campChoice(o);
          if (!formValid || !waiverAgreed) expect(enabled).toBe(false);
          if (type === 'individual') {
            expect(enabled).toBe(
              formValid && waiverAgreed && !c.individualDisabled && selectedCount >= 1 && o.sessions.some(isSessionSelectable),
            );
          } else {
            const rest = c.alreadyBookedSome && o.sessions.some(isSessionSelectable);
            expect(enabled).toBe(formValid && waiverAgreed && !c.fullDisabled && (campAction === 'book' || rest));
          }
        },
      ),
    );
  });
});

describe('sessions by week', () => {
  const days = ['2026-07-20', '2026-07-21', '2026-07-24', '2026-07-27', '2026-07-31'].map((d, i) => ({
    id: `s${i}`,
    startsAtLocal: `${d}T09:00:00`,
  }));
  it('groups by week from the camp start, from week 1, when the camp lasts over a week', () => {
    expect(sessionsByWeek(days, '2026-07-20T09:00:00', 2).map((g) => [g.week, g.sessions.map((s) => s.id)])).toEqual([
      [1, ['s0', 's1', 's2']],
      [2, ['s3', 's4']],
    ]);
  });
  it('keeps one list for a camp of one week', () => {
    expect(sessionsByWeek(days, '2026-07-20T09:00:00', 1)).toEqual([{ week: null, sessions: days }]);
  });
});

describe('a camp with one full day, or that has started, is booked by the day (doc 2, section 4)', () => {
  const full = { ...open('b'), available: 0 };
  const started = [{ ...open('a'), action: null, past: true }, open('b'), open('c')];
  // The camp's own action, as the API gives it then: null, with why the whole camp cannot be had.
  const campAction = null;

  it('forces individual with the bookable days ticked, and the button is enabled for them', () => {
    for (const sessions of [[open('a'), full, open('c')], started]) {
      const o = offer({ sessions });
      const choice = campChoice(o);
      expect(choice.forced).toBe('individual');
      expect(choice.preselected).not.toHaveLength(0);
      expect(
        campBookingEnabled({
          type: 'individual',
          formValid: true,
          waiverAgreed: true,
          selectedCount: choice.preselected.length,
          offer: o,
          campAction,
        }),
      ).toBe(true);
      const reason = disabledReason({
        action: campButtonAction('individual', campAction),
        message: 'This camp is sold out.',
        waiverRequired: true,
        waiverAgreed: true,
        formValid: true,
      });
      expect(reason).toBeNull();
      expect(campHasSomethingToBook(o, campAction)).toBe(true);
    }
  });

  it("keeps the camp's action for the whole camp", () => {
    expect(campButtonAction('full', null)).toBeNull();
    expect(campButtonAction('full', 'cancel_reservation')).toBe('cancel_reservation');
    expect(
      disabledReason({
        action: campButtonAction('full', null),
        message: 'This camp is sold out.',
        waiverRequired: false,
        waiverAgreed: false,
        formValid: true,
      }),
    ).toEqual({ kind: 'action', message: 'This camp is sold out.' });
  });

  it('has nothing to book when no day can be had, or days are not sold one by one and the whole camp cannot be', () => {
    expect(campHasSomethingToBook(offer({ sessions: [{ ...open('a'), available: 0 }] }), null)).toBe(false);
    expect(campHasSomethingToBook(offer({ availability: ['bundled'], sessions: [open('a'), full] }), null)).toBe(false);
    expect(campHasSomethingToBook(offer({ availability: ['bundled'] }), 'book')).toBe(true);
    expect(campHasSomethingToBook(offer({ availability: ['bundled'] }), null)).toBe(false);
  });

  it('for every mix of offers and days, says there is something to book exactly when a choice the page offers can be booked', () => {
    const session = fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd'),
      action: fc.constantFrom<BookableActionKind | null>('book', 'cancel_booking', 'cancel_reservation', 'join_waitlist', null),
      available: fc.integer({ min: 0, max: 3 }),
      past: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.subarray(['bundled', 'individual']),
        fc.boolean(),
        fc.boolean(),
        fc.uniqueArray(session, { selector: (s) => s.id, minLength: 1 }),
        fc.constantFrom<BookableActionKind | null>('book', null, 'cancel_reservation'),
        (availability, hasBundledPrice, hasIndividualPrice, sessions, campAction) => {
          const o: CampOffer = { availability, hasBundledPrice, hasIndividualPrice, sessions };
          const choice = campChoice(o);
          const can = (type: 'full' | 'individual') =>
            campBookingEnabled({
              type,
              formValid: true,
              waiverAgreed: true,
              selectedCount: type === 'individual' ? sessions.filter(isSessionSelectable).length : 0,
              offer: o,
              campAction,
            });
          const offered = [
            ...(choice.fullDisabled ? [] : ['full' as const]),
            ...(choice.individualDisabled ? [] : ['individual' as const]),
          ];
          expect(campHasSomethingToBook(o, campAction)).toBe(offered.some(can));
        },
      ),
    );
  });
});

describe('weeks of a camp that starts just after local midnight in summer time', () => {
  // 00:30 on Monday 20 July in London is 23:30 on Sunday 19 July in UTC: the weeks are counted from the Monday.
  const days = [20, 21, 22, 23, 24, 25, 26, 27].map((d) => ({ id: `d${d}`, startsAtLocal: `2026-07-${d}T00:30:00` }));
  it('counts the first seven local days as week 1', () => {
    expect(sessionsByWeek(days, '2026-07-20T00:30:00', 2).map((g) => [g.week, g.sessions.length])).toEqual([
      [1, 7],
      [2, 1],
    ]);
  });
});
