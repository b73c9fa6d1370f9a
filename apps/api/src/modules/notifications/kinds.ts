/**
 * What each kind of email says, as the data queued with it (queue.ts). The data is what the customer reads, taken
 * when the change happened, so a retry days later sends what was true then. Times are ISO strings (UTC) and shown in
 * the client's time zone; money is in minor units (pence) of the client's currency.
 */

/** One booked session, as an email shows it. */
export interface EmailSession {
  /** The booking, when there is one: the calendar file's UID is made from it. */
  bookingId?: number;
  title: string;
  start: string;
  end: string;
  venue: string;
  /** The venue's address on one line, when known. */
  address?: string | null;
  /** Who the place is for, when not the customer. */
  attendee?: string | null;
}

export interface EmailDataByKind {
  booking_confirmation: { customerName: string; orderId: number; sessions: EmailSession[] };
  order_receipt: {
    customerName: string;
    orderId: number;
    lines: { description: string; amount: number }[];
    total: number;
    payments: { method: string; amount: number }[];
  };
  /** What was given back is the caller's to say: a refund to card, credit, a fee kept (all in minor units). */
  cancellation: {
    customerName: string;
    sessions: EmailSession[];
    refunded?: number;
    credited?: number;
    creditKind?: 'general' | 'membership';
    fee?: number;
  };
  waitlist_offer: { customerName: string; session: EmailSession; link: string; expiresAt: string };
  session_cancelled: {
    customerName: string;
    session: EmailSession;
    refunded?: number;
    credited?: number;
    creditKind?: 'general' | 'membership';
  };
  reminder: { customerName: string; session: EmailSession };
  password_reset: { customerName: string; link: string; minutes: number };
}

export type EmailKind = keyof EmailDataByKind;

export const emailKinds = [
  'booking_confirmation',
  'order_receipt',
  'cancellation',
  'waitlist_offer',
  'session_cancelled',
  'reminder',
  'password_reset',
] as const satisfies readonly EmailKind[];
