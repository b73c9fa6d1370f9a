import { afterBookingSettings, afterBookingSettingsBody, envelope, outboxEmail } from '@app/contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxEmails } from '../../db/schema';
import { ctx } from '../../http/context';
import { isLocalRequest } from '../../http/transport';
import { AppError } from '../../lib/errors';
import { anyStaffRole, staffWith } from '../staff/guard';
import { afterBookingSettingsOf, updateAfterBookingSettings } from './settings';

/**
 * GET /api/dev/outbox: the email of this client that was written instead of sent, newest first. Registered only when
 * no SMTP_URL is set (app.ts), and it answers only a request from this machine: anyone else gets 404, whatever
 * NODE_ENV says, since the outbox holds every customer's password-reset links (decision 075).
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dev/outbox', { schema: { tags: ['development'], response: { 200: envelope(z.array(outboxEmail)) } } }, async (req) => {
    if (!isLocalRequest(req)) throw new AppError('not_found');
    const c = ctx(req);
    const rows = await c.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.clientId, c.client.id))
      .orderBy(desc(outboxEmails.id))
      .limit(50);
    return {
      data: rows.map((r) => ({
        id: r.id,
        to: r.to,
        subject: r.subject,
        text: r.text,
        html: r.html,
        kind: r.kind,
        attachments: r.attachments.map((a) => ({ filename: a.filename, content_type: a.contentType, content: a.content })),
        created_at: r.createdAt.toISOString(),
      })),
    };
  });
};

/** Staff: the reminder email on or off, and the hold of a waitlist offer (decision 135). */
export const afterBookingSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];
  app.get(
    '/client/after-booking-settings',
    {
      schema: {
        tags,
        summary: 'Staff: reminders on or off, and how long a waitlist offer holds a place',
        response: { 200: envelope(afterBookingSettings) },
      },
    },
    async (req) => ({ data: await afterBookingSettingsOf(await staffWith(req, anyStaffRole)) }),
  );
  app.patch(
    '/client/after-booking-settings',
    {
      schema: {
        tags,
        summary: 'Staff: switch reminders on or off, or change how long a waitlist offer holds a place',
        body: afterBookingSettingsBody,
        response: { 200: envelope(afterBookingSettings) },
      },
    },
    async (req) => ({ data: await updateAfterBookingSettings(await staffWith(req, anyStaffRole), req.body) }),
  );
};
