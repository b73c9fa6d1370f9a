import type { QuestionValues } from '../../../components/questions/answers';

/**
 * A visitor's booking form, kept while they log in or sign up: signing up is another page, which would otherwise
 * drop the answers they typed (a medical question, an emergency contact) before the booking carries on (issue 13,
 * defect 2). In memory only, for this tab (a reload forgets it), and given back only while the booking's own action
 * is waiting for that login: a visitor who closed the login, or a kiosk that logged out, leaves nothing for the next
 * person to see. What is kept is what was typed (answers and extras); the camp's dates are chosen again by the camp
 * rules for the person now known.
 */
export interface BookingDraft {
  values: QuestionValues;
  extras: Record<number, number>;
}

let kept: { key: string; draft: BookingDraft } | null = null;

export const bookingDraft = {
  keep(key: string, draft: BookingDraft) {
    kept = { key, draft };
  },
  /** The draft of this booking page, when `waiting` (its login action is still waiting); otherwise it is dropped. */
  restore(key: string, waiting: boolean): BookingDraft | null {
    const found = kept?.key === key ? kept.draft : null;
    if (!waiting) kept = null;
    return waiting ? found : null;
  },
};
