import nodemailer, { type Transporter } from 'nodemailer';
import { outboxEmails } from '../../db/schema';
import type { Ctx } from '../../http/context';

export interface Email {
  to: string;
  subject: string;
  text: string;
}

/** One SMTP transport per URL and process; nodemailer keeps its connections. */
const transports = new Map<string, Transporter>();

/**
 * Sends an email through SMTP (nodemailer) when SMTP_URL is set; otherwise writes it to the outbox table, which the
 * development-only GET /api/dev/outbox lists (docs/decisions/052-email-delivery.md).
 */
export async function sendEmail(c: Ctx, email: Email): Promise<void> {
  const url = c.config.smtpUrl;
  if (url) {
    let transport = transports.get(url);
    if (!transport) {
      transport = nodemailer.createTransport(url);
      transports.set(url, transport);
    }
    await transport.sendMail({ from: c.config.mailFrom, to: email.to, subject: email.subject, text: email.text });
    return;
  }
  await c.db.insert(outboxEmails).values({ clientId: c.client.id, ...email, createdAt: c.clock.now() });
}
