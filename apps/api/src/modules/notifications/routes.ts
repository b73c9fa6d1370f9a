import { envelope, outboxEmail } from '@app/contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxEmails } from '../../db/schema';
import { ctx } from '../../http/context';

/**
 * GET /api/dev/outbox: the email of this client that was written instead of sent, newest first. Registered only
 * outside production (app.ts), so a live deployment has no such route at all.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dev/outbox', { schema: { tags: ['development'], response: { 200: envelope(z.array(outboxEmail)) } } }, async (req) => {
    const c = ctx(req);
    const rows = await c.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.clientId, c.client.id))
      .orderBy(desc(outboxEmails.id))
      .limit(50);
    return { data: rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, created_at: r.createdAt.toISOString() })) };
  });
};
