import { formatMoney } from '@app/contracts';
import type { Brand } from './brand';
import type { EmailDataByKind, EmailKind, EmailSession } from './kinds';

/**
 * What an email says, once, as plain data: the HTML (layout.tsx, react-email) and the plain text (text.ts) are both
 * rendered from it, so the two parts never say different things. Every string is text, never HTML: the renderers
 * escape it, so an operator's session title or client name cannot inject markup.
 */
export interface EmailContent {
  subject: string;
  /** The inbox preview line. */
  preview: string;
  heading: string;
  intro: string[];
  /** A block per session or per part of a receipt: an h2 and label/value rows. */
  sections: { heading: string; rows: [label: string, value: string][] }[];
  /** The one thing to do, as a button (HTML) or a bare link (text). */
  action?: { label: string; href: string };
  outro: string[];
}

/** "Tuesday 5 March 2030", in the client's zone (from parts: some ICU versions put a comma after the weekday). */
export const dayOf = (iso: string, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
    .formatToParts(new Date(iso))
    .reduce<Record<string, string>>((acc, p) => Object.assign(acc, { [p.type]: p.value }), {});
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
};

/** "09:00", 24-hour, in the client's zone. */
export const timeOf = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** "Tuesday 5 March 2030 at 09:00". */
export const dayAndTimeOf = (iso: string, timeZone: string) => `${dayOf(iso, timeZone)} at ${timeOf(iso, timeZone)}`;

const sessionRows = (s: EmailSession, brand: Brand): [string, string][] => {
  const rows: [string, string][] = [
    ['Date', dayOf(s.start, brand.timezone)],
    ['Time', `${timeOf(s.start, brand.timezone)} to ${timeOf(s.end, brand.timezone)}`],
    ['Venue', s.venue],
  ];
  if (s.address) rows.push(['Address', s.address]);
  if (s.attendee) rows.push(['For', s.attendee]);
  return rows;
};

const sessionSection = (s: EmailSession, brand: Brand) => ({ heading: s.title, rows: sessionRows(s, brand) });

const creditName = (kind: 'general' | 'membership' | undefined) => (kind === 'membership' ? 'membership credit' : 'credit');

/** What came back from a cancellation, as sentences. */
function moneyBack(
  d: { refunded?: number; credited?: number; creditKind?: 'general' | 'membership'; fee?: number },
  money: (n: number) => string,
): string[] {
  const out: string[] = [];
  if (d.refunded) out.push(`We have refunded ${money(d.refunded)} to your card. It can take up to 10 days to reach your account.`);
  if (d.credited) out.push(`We have added ${money(d.credited)} ${creditName(d.creditKind)} to your account, to use on your next booking.`);
  if (d.fee) out.push(`A cancellation fee of ${money(d.fee)} applies.`);
  if (out.length === 0) out.push('There is nothing to refund for this booking.');
  return out;
}

const accountLink = (brand: Brand) => ({ label: 'View your bookings', href: `${brand.origin}/account/bookings/upcoming` });

/** The words of each kind of email, from its data and the client's brand. */
export function contentOf(kind: EmailKind, data: EmailDataByKind[EmailKind], brand: Brand): EmailContent {
  const money = (n: number) => formatMoney(n, brand.currency);
  switch (kind) {
    case 'booking_confirmation': {
      const d = data as EmailDataByKind['booking_confirmation'];
      const first = d.sessions[0];
      return {
        subject: `Booking confirmed: ${first ? first.title : `order ${d.orderId}`} - ${brand.name}`,
        preview: first ? `${first.title}, ${dayAndTimeOf(first.start, brand.timezone)}` : `Order ${d.orderId}`,
        heading: 'Your booking is confirmed',
        intro: [`Hello ${d.customerName},`, `Thank you for booking with ${brand.name}. Your order number is ${d.orderId}.`],
        sections: d.sessions.map((s) => sessionSection(s, brand)),
        action: accountLink(brand),
        outro: ['The attached calendar file adds your booking to your calendar.'],
      };
    }
    case 'order_receipt': {
      const d = data as EmailDataByKind['order_receipt'];
      return {
        subject: `Your receipt for order ${d.orderId} - ${brand.name}`,
        preview: `Total ${money(d.total)}`,
        heading: `Receipt for order ${d.orderId}`,
        intro: [`Hello ${d.customerName},`, `Here is your receipt from ${brand.name}.`],
        sections: [
          { heading: 'What you bought', rows: d.lines.map((l) => [l.description, money(l.amount)]) },
          {
            heading: 'How you paid',
            rows: [...d.payments.map((p): [string, string] => [p.method, money(p.amount)]), ['Total', money(d.total)]],
          },
        ],
        outro: ['Keep this email as your receipt.'],
      };
    }
    case 'cancellation': {
      const d = data as EmailDataByKind['cancellation'];
      const first = d.sessions[0];
      return {
        subject: `Booking cancelled: ${first ? first.title : 'your booking'} - ${brand.name}`,
        preview: moneyBack(d, money)[0] ?? '',
        heading: 'Your booking is cancelled',
        intro: [`Hello ${d.customerName},`, 'You have cancelled the booking below.'],
        sections: [...d.sessions.map((s) => sessionSection(s, brand))],
        outro: moneyBack(d, money),
      };
    }
    case 'waitlist_offer': {
      const d = data as EmailDataByKind['waitlist_offer'];
      const until = dayAndTimeOf(d.expiresAt, brand.timezone);
      return {
        subject: `A place is free: ${d.session.title} - ${brand.name}`,
        preview: `We are holding it for you until ${until}`,
        heading: 'A place is free for you',
        intro: [
          `Hello ${d.customerName},`,
          `A place has come up on a session you are waiting for. We are holding it for you until ${until}.`,
        ],
        sections: [sessionSection(d.session, brand)],
        action: { label: 'Book this place', href: d.link },
        outro: [`If you do not book it by ${until}, we will offer it to the next person in the queue.`],
      };
    }
    case 'session_cancelled': {
      const d = data as EmailDataByKind['session_cancelled'];
      return {
        subject: `Session cancelled: ${d.session.title} - ${brand.name}`,
        preview: `${d.session.title}, ${dayAndTimeOf(d.session.start, brand.timezone)} will not go ahead`,
        heading: 'Your session has been cancelled',
        intro: [`Hello ${d.customerName},`, `We are sorry: ${brand.name} has had to cancel this session, and your booking on it.`],
        sections: [sessionSection(d.session, brand)],
        action: accountLink(brand),
        outro: moneyBack(d, money),
      };
    }
    case 'reminder': {
      const d = data as EmailDataByKind['reminder'];
      return {
        subject: `Reminder: ${d.session.title} - ${brand.name}`,
        preview: `${d.session.title}, ${dayAndTimeOf(d.session.start, brand.timezone)}`,
        heading: 'See you soon',
        intro: [`Hello ${d.customerName},`, `This is a reminder of your booking with ${brand.name}.`],
        sections: [sessionSection(d.session, brand)],
        action: accountLink(brand),
        outro: ['If you can no longer come, please cancel in your account so someone else can have the place.'],
      };
    }
    case 'password_reset': {
      const d = data as EmailDataByKind['password_reset'];
      return {
        subject: `Reset your password - ${brand.name}`,
        preview: 'Choose a new password',
        heading: 'Reset your password',
        intro: [
          `Hello ${d.customerName},`,
          `Someone asked to reset the password of your ${brand.name} account. To choose a new password, open this link:`,
        ],
        sections: [],
        action: { label: 'Choose a new password', href: d.link },
        outro: [`The link works once and expires in ${d.minutes} minutes. If you did not ask, ignore this email.`],
      };
    }
  }
}
