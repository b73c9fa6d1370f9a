import nodemailer, { type Transporter } from 'nodemailer';
import type { Conn } from '../../db/client';
import { type OutboxAttachment, outboxEmails } from '../../db/schema';
import type { Deps } from '../../http/context';

/** One email, rendered and ready to go. */
export interface OutgoingEmail {
  clientId: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  attachments: OutboxAttachment[];
  /** The queued email's key: the outbox keeps one row per key, SMTP gets a Message-ID made from it. */
  dedupeKey: string;
}

/** One SMTP transport per URL and process; nodemailer keeps its connections. */
const transports = new Map<string, Transporter>();

/** A stable Message-ID per queued email, so a resend after a crash is recognisably the same message. */
const messageId = (email: OutgoingEmail, from: string) => {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
  return `<${email.clientId}.${Buffer.from(email.dedupeKey).toString('base64url')}@${domain}>`;
};

/**
 * Sends an email through SMTP (nodemailer) when SMTP_URL is set; otherwise writes it to the outbox table, which the
 * development-only GET /api/dev/outbox lists (decisions 052 and 105). Only the email job (send.ts) calls this.
 */
export async function deliverEmail(
  deps: Pick<Deps, 'config' | 'clock'> & Partial<Pick<Deps, 'log'>> & { db: Conn },
  email: OutgoingEmail,
): Promise<void> {
  const url = deps.config.smtpUrl;
  if (url) {
    let transport = transports.get(url);
    if (!transport) {
      transport = nodemailer.createTransport(url);
      transports.set(url, transport);
    }
    await transport.sendMail({
      from: deps.config.mailFrom,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html ?? undefined,
      messageId: messageId(email, deps.config.mailFrom),
      attachments: email.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    });
    return;
  }
  await deps.db
    .insert(outboxEmails)
    .values({
      clientId: email.clientId,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      kind: email.kind,
      attachments: email.attachments,
      dedupeKey: email.dedupeKey,
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing({ target: [outboxEmails.clientId, outboxEmails.dedupeKey] });
  // Whoever runs the demo learns where to read it; the log line names no one (decision 075).
  deps.log?.info(`email "${email.subject}" written to the outbox (no SMTP_URL): read it at /dev/outbox from this machine`);
}
