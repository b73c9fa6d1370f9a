import type { OutboxAttachment } from '../../db/schema';
import { bookingUid, icsOf } from '../calendar/ics';
import type { Brand } from './brand';
import { contentOf, type EmailContent } from './content';
import type { EmailDataByKind, EmailKind } from './kinds';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  attachments: OutboxAttachment[];
}

/** The plain-text part: the same content as the HTML, in reading order, links written out. */
export function textOf(content: EmailContent, brand: Brand): string {
  const out: string[] = [content.heading, '', ...content.intro.flatMap((p) => [p, ''])];
  for (const s of content.sections) {
    out.push(s.heading, ...s.rows.map(([label, value]) => `${label}: ${value}`), '');
  }
  if (content.action) out.push(`${content.action.label}:`, content.action.href, '');
  out.push(...content.outro.flatMap((p) => [p, '']));
  out.push('--', brand.name);
  if (brand.address) out.push(brand.address);
  return out.join('\n');
}

/** A confirmation carries its sessions as an .ics file, so a calendar can take them in one go. */
function attachmentsOf(kind: EmailKind, data: EmailDataByKind[EmailKind], brand: Brand): OutboxAttachment[] {
  if (kind !== 'booking_confirmation') return [];
  const d = data as EmailDataByKind['booking_confirmation'];
  const events = d.sessions.map((s, i) => ({
    uid: s.bookingId ? bookingUid(brand.identifier, s.bookingId) : `order-${d.orderId}-${i}@${brand.identifier}.bookings`,
    title: s.title,
    start: new Date(s.start),
    end: new Date(s.end),
    location: [s.venue, s.address].filter(Boolean).join(', ') || null,
  }));
  if (events.length === 0) return [];
  return [
    {
      filename: 'booking.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: icsOf(events, { name: brand.name, timezone: brand.timezone, productName: brand.name }),
    },
  ];
}

/** Each kind of email, rendered for one client: HTML with react-email, plain text, attachments (decision 106). */
export async function renderEmail(kind: EmailKind, data: EmailDataByKind[EmailKind], brand: Brand): Promise<RenderedEmail> {
  const content = contentOf(kind, data, brand);
  // react-email (and the syntax highlighter its components load) is imported with the first email, not at start-up:
  // loading it took about a second of the server's start (decision 279).
  const [{ render }, { createElement }, { EmailLayout }] = await Promise.all([
    import('@react-email/render'),
    import('react'),
    import('./layout'),
  ]);
  const html = await render(createElement(EmailLayout, { brand, content }));
  return { subject: content.subject, html, text: textOf(content, brand), attachments: attachmentsOf(kind, data, brand) };
}
