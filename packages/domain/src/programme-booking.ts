import type { BookableAction, BookableActionKind } from '@app/contracts';

/**
 * Rules of the course and camp booking pages (doc 2, sections 4, 5 and 9) that are not camp-specific: why the
 * button is disabled, what the booking costs, the extras' number steppers, and the programme's own bookable action.
 */

export type DisabledReason =
  | { kind: 'reserved' }
  | { kind: 'already_booked' }
  | { kind: 'action'; message: string | null }
  | { kind: 'agree_to_waiver' }
  | { kind: 'complete_required_fields' };

/** The words doc 2 gives each reason (the action's own message is shown as it is). */
export const disabledReasonWords = {
  reserved: 'reserved',
  already_booked: 'already booked',
  agree_to_waiver: 'agree to waiver',
  complete_required_fields: 'complete required fields',
} as const;

export interface ButtonState {
  action: BookableActionKind | null;
  message: string | null;
  /** A pre-purchase waiver must be agreed (the first session has one). */
  waiverRequired: boolean;
  waiverAgreed: boolean;
  formValid: boolean;
  /**
   * Camps: the attendee already booked some individual sessions, so the camp's message does not block (the full
   * camp then buys the rest).
   */
  messageDoesNotBlock?: boolean;
}

/**
 * Why the course or camp button is disabled, in doc 2's priority order: 'reserved' (cancel_reservation), 'already
 * booked' (cancel_booking), the action's message for any other action that is not book, 'agree to waiver',
 * 'complete required fields'; null when it is enabled.
 */
export function disabledReason(s: ButtonState): DisabledReason | null {
  if (s.action === 'cancel_reservation') return { kind: 'reserved' };
  if (s.action === 'cancel_booking') return { kind: 'already_booked' };
  if (s.action !== 'book' && !s.messageDoesNotBlock) return { kind: 'action', message: s.message };
  if (s.waiverRequired && !s.waiverAgreed) return { kind: 'agree_to_waiver' };
  if (!s.formValid) return { kind: 'complete_required_fields' };
  return null;
}

/** Doc 2, section 9: chosen camp sessions cost the first session's price times their number, or the camp's price. */
export function individualCampPrice(firstSessionPrice: number | null, sessionCount: number, campPrice: number | null): number {
  if (firstSessionPrice !== null) return firstSessionPrice * sessionCount;
  return campPrice ?? 0;
}

/** The booking's running total: its price plus each extra's price times its quantity. */
export function bookingTotal(price: number, extras: { price: number; quantity: number }[]): number {
  return extras.reduce((n, e) => n + e.price * e.quantity, price);
}

/** Extras are chosen 0 to 10 each (doc 2, sections 5 and 9). */
export const extraQuantity = { min: 0, max: 10 } as const;

export type StepperEvent =
  | { type: 'increment' }
  | { type: 'decrement' }
  /** Typed into the field. */
  | { type: 'input'; value: string }
  /** Backspace or Delete. */
  | { type: 'clear' }
  | { type: 'double_click' };

/**
 * The number stepper (doc 2, section 5): never below its minimum (a value below it is refused, the old value kept),
 * never above its maximum; Backspace or Delete sets 0 (or the minimum when that is higher); a double-click sets the
 * maximum. Anything that is not a whole number is refused.
 */
export function stepper(value: number, event: StepperEvent, limits: { min: number; max: number } = extraQuantity): number {
  const { min, max } = limits;
  const accept = (n: number) => (Number.isInteger(n) && n >= min && n <= max ? n : value);
  switch (event.type) {
    case 'increment':
      return accept(value + 1);
    case 'decrement':
      return accept(value - 1);
    case 'clear':
      return Math.max(min, 0);
    case 'double_click':
      return max;
    case 'input': {
      const text = event.value.trim();
      if (!/^-?\d+$/.test(text)) return value;
      return accept(Number(text));
    }
  }
}

export interface ProgrammeActionInput {
  /** The programme can be joined now and every session to come has a place. */
  bookable: boolean;
  /** Why not, when it cannot (started, sold out). */
  message: string;
  /** The attendee's live booking, if any, on each session still to come. */
  held: ('settled' | 'reserved' | null)[];
  kind: 'courses' | 'camps';
}

export const programmeActionMessages = {
  campPartlyBooked: 'You have already booked some sessions of this camp',
} as const;

/**
 * A course's or camp's bookable action for one attendee: something in their basket for it first ('reserved'), then
 * booked ('already booked': a course with any session to come, a camp with all of them); a camp with only some
 * sessions booked says so, without blocking the rest; otherwise book, or why not.
 */
export function programmeAction(p: ProgrammeActionInput): BookableAction {
  if (p.held.some((h) => h === 'reserved')) return { action: 'cancel_reservation', message: null };
  const some = p.held.some((h) => h === 'settled');
  // A course is bought whole; a camp may be bought day by day, and the rest of it later.
  if (some && (p.kind === 'courses' || p.held.every((h) => h === 'settled'))) return { action: 'cancel_booking', message: null };
  if (some) return { action: null, message: programmeActionMessages.campPartlyBooked };
  return p.bookable ? { action: 'book', message: null } : { action: null, message: p.message };
}
