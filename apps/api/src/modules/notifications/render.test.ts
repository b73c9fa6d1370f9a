import { defaultTheme } from '@app/contracts';
import { contrast, parseColour } from '@app/domain';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { Brand } from './brand';
import { type EmailDataByKind, type EmailKind, emailKinds } from './kinds';
import { emailColours } from './layout';
import { renderEmail } from './render';

const brand: Brand = {
  clientId: 1,
  identifier: 'northfield',
  name: 'Northfield <Leisure> & Co',
  timezone: 'Europe/London',
  currency: 'GBP',
  origin: 'https://northfield.example',
  theme: { ...defaultTheme, theme_app_logo: '/logo.png' },
  address: '1 High Street, Northfield, NF1 1AA',
};

const hostile = '<script>alert("x")</script><b onmouseover="y">Spin</b>';
const session = {
  bookingId: 42,
  title: hostile,
  // 09:00 UTC in July is 10:00 in London (BST).
  start: '2030-07-05T09:00:00Z',
  end: '2030-07-05T09:45:00Z',
  venue: 'Northfield Leisure Centre',
  address: '1 High Street, NF1 1AA',
  attendee: 'Sam Smith',
};

const samples: { [K in EmailKind]: EmailDataByKind[K] } = {
  booking_confirmation: { customerName: 'Ada', orderId: 1001, sessions: [session] },
  order_receipt: {
    customerName: 'Ada',
    orderId: 1001,
    lines: [{ description: hostile, amount: 650 }],
    total: 650,
    payments: [{ method: 'Card', amount: 650 }],
  },
  cancellation: { customerName: 'Ada', sessions: [session], credited: 650, creditKind: 'general' },
  waitlist_offer: {
    customerName: 'Ada',
    session,
    link: 'https://northfield.example/waitlist-offers/abc',
    expiresAt: '2030-07-04T16:30:00Z',
  },
  session_cancelled: { customerName: 'Ada', session, refunded: 1250 },
  reminder: { customerName: 'Ada', session },
  password_reset: { customerName: 'Ada', link: 'https://northfield.example/reset-password?token=t0k', minutes: 60 },
};

describe('email templates', () => {
  for (const kind of emailKinds) {
    it(`renders ${kind} as accessible, themed HTML and plain text, escaping operator text`, async () => {
      const email = await renderEmail(kind, samples[kind], brand);
      expect(email.subject).toContain('Northfield <Leisure> & Co');
      for (const part of [email.html, email.text]) expect(part).toContain('Hello Ada,');
      expect(email.html).toMatch(/<html[^>]* lang="en-GB"/);
      expect(email.html.match(/<h1[\s>]/g)).toHaveLength(1);
      expect(email.html).toContain('alt="Northfield &lt;Leisure&gt; &amp; Co"');
      expect(email.html).toContain('src="https://northfield.example/logo.png"');
      // Footer: the client's name and address.
      expect(email.html).toContain('1 High Street, Northfield, NF1 1AA');
      expect(email.text).toMatch(/--\nNorthfield <Leisure> & Co\n1 High Street, Northfield, NF1 1AA$/);
      // Operator text is text: never markup.
      expect(email.html).not.toContain('<script');
      expect(email.html).not.toContain('<b onmouseover');
      expect(email.html).not.toContain('<Leisure>');
    });
  }

  it('writes sessions in en-GB, in the client time zone, and money in pounds with two decimals', async () => {
    const confirmation = await renderEmail('booking_confirmation', samples.booking_confirmation, brand);
    for (const part of [confirmation.html, confirmation.text]) {
      expect(part).toContain('Friday 5 July 2030');
      expect(part).toContain('10:00 to 10:45');
      expect(part).toContain('Sam Smith');
    }
    expect(confirmation.text).toContain('Address: 1 High Street, NF1 1AA');
    expect((await renderEmail('order_receipt', samples.order_receipt, brand)).text).toContain('Total: £6.50');
    expect((await renderEmail('cancellation', samples.cancellation, brand)).text).toContain('We have added £6.50 credit to your account');
    expect((await renderEmail('session_cancelled', samples.session_cancelled, brand)).text).toContain(
      'We have refunded £12.50 to your card',
    );
    const offer = await renderEmail('waitlist_offer', samples.waitlist_offer, brand);
    expect(offer.text).toContain('until Thursday 4 July 2030 at 17:30');
    expect(offer.html).toContain('href="https://northfield.example/waitlist-offers/abc"');
  });

  it('attaches an .ics to the confirmation with the booking in the client time zone', async () => {
    const { attachments } = await renderEmail('booking_confirmation', samples.booking_confirmation, brand);
    expect(attachments).toHaveLength(1);
    expect(attachments[0]!.filename).toBe('booking.ics');
    const cal = new ICAL.Component(ICAL.parse(attachments[0]!.content));
    expect(cal.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/London');
    const event = new ICAL.Event(cal.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe('booking-42@northfield.bookings');
    expect(event.summary).toBe(hostile);
    expect(event.startDate.zone?.tzid).toBe('Europe/London');
    expect(event.startDate.toString()).toBe('2030-07-05T10:00:00');
    expect(event.startDate.toJSDate().toISOString()).toBe('2030-07-05T09:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2030-07-05T09:45:00.000Z');
    expect(event.location).toBe('Northfield Leisure Centre, 1 High Street, NF1 1AA');
  });

  it('keeps header and button text readable whatever colours the operator chose', () => {
    for (const [bg, primary, headerText] of [
      ['#ffff00', '#ffee00', '#ffffff'],
      ['#000000', '#111111', '#000000'],
      ['#777777', '#808080', '#7a7a7a'],
    ]) {
      const c = emailColours({
        ...brand,
        theme: { ...brand.theme, theme_app_header_bg_colour: bg!, theme_app_primary_colour: primary!, header_primary_colour: headerText! },
      });
      expect(contrast(parseColour(c.headerText)!, parseColour(c.header)!)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(parseColour(c.buttonText)!, parseColour(c.button)!)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(parseColour(c.link)!, [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
    }
  });
});
