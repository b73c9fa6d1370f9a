import { useSyncExternalStore } from 'react';

/**
 * The desk's staff mode for the customer timetables (issue 15, decision 162): while a receptionist books for a
 * customer from the console, the same timetable views ask for the front-of-house places (`source=foh`, the split
 * capacity's desk share) and the 'Items added to basket' panel leads to the desk's checkout instead of the
 * customer's. Who is booked for travels as selected_user_id, as it does when a customer books for a linked user.
 * Set by the console's booking page while it is shown, so a customer's pages never see it.
 */
export interface DeskMode {
  /** The customer whose record the desk is on: their basket is the one the desk fills and pays (decision 168). */
  customerId: number;
  /** Where the added panel's Checkout goes. */
  checkoutPath: string;
  /** Where its 'Back' goes. */
  homePath: string;
  /**
   * Whom the desk is booking for (the customer or one of their linked users) and their name: the course and camp
   * booking form shows and books that person rather than asking (decision 260).
   */
  forUserId?: number;
  forName?: string;
  /**
   * Where the course and camp pages live at the desk ('/staff/customers/11/book/12'): their links stay inside the
   * console, so desk mode and the person booked for last through list, details and booking form (decision 260).
   */
  programmesPath?: string;
}

let current: DeskMode | null = null;
/**
 * Which desk page set the mode: moving from one desk page to another (the book page to a course list), the new one
 * primes it in render before the old one's cleanup runs, and that cleanup must not then switch it off.
 */
let owner: unknown = null;
const listeners = new Set<() => void>();

export const deskMode = {
  enter(mode: DeskMode, by?: unknown) {
    current = mode;
    owner = by ?? null;
    for (const l of listeners) l();
  },
  /**
   * Sets the mode without telling subscribers: for the page's render, so its timetable views' first call already
   * asks for the desk's places (children's effects run before the parent's). `enter` in an effect then tells them.
   */
  prime(mode: DeskMode, by?: unknown) {
    current = mode;
    owner = by ?? null;
  },
  /** Switches the mode off; given who leaves, only when they are the page that set it last. */
  leave(by?: unknown) {
    if (by !== undefined && by !== owner) return;
    current = null;
    owner = null;
    for (const l of listeners) l();
  },
  current: (): DeskMode | null => current,
  ownedBy: (by: unknown): boolean => owner === by,
};

/**
 * The basket calls' `selectedUserId` while at the desk: the customer's own basket (the account holder's, whoever
 * each item is for), never the receptionist's. Outside the desk a customer's calls carry nothing, since the basket is
 * theirs (decision 168).
 */
export const deskCustomerParam = (): { selectedUserId?: number } => (current ? { selectedUserId: current.customerId } : {});

/** The timetable calls' `source` while at the desk (the API answers the desk's share to staff only). */
export const deskSourceParam = (): { source?: 'foh' } => (current ? { source: 'foh' } : {});

export const useDeskMode = (): DeskMode | null =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
