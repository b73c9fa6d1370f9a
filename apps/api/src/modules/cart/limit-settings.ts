import { type CustomerLimitSettings, type CustomerLimitsBody, customerLimitSettings, customerLimitsBody, envelope } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Conn } from '../../db/client';
import { clients } from '../../db/schema';
import type { AuthedCtx } from '../../http/context';
import { inTransaction } from '../../lib/transaction';
import { audit } from '../staff/audit';
import { managers, staffWith } from '../staff/guard';

async function limitsOf(db: Conn, c: AuthedCtx): Promise<CustomerLimitSettings> {
  const [row] = await db
    .select({ placesHeld: clients.maxPlacesHeld, openBaskets: clients.maxOpenBaskets, itemsPerRequest: clients.maxItemsPerRequest })
    .from(clients)
    .where(eq(clients.id, c.client.id));
  const d = c.config.customerLimits;
  return {
    max_places_held: row?.placesHeld ?? null,
    max_open_baskets: row?.openBaskets ?? null,
    max_items_per_request: row?.itemsPerRequest ?? null,
    defaults: { max_places_held: d.placesHeld, max_open_baskets: d.openBaskets, max_items_per_request: d.itemsPerRequest },
  };
}

/**
 * Changes the client's per-customer limits and records who changed what in the staff audit log, in one transaction.
 * Nothing caches them: every add reads them with the customer's lock (decision 181), so the change applies to the
 * next add on every API process.
 */
async function updateLimits(c: AuthedCtx, body: CustomerLimitsBody): Promise<CustomerLimitSettings> {
  return inTransaction(c.db, async (tx) => {
    // The row is locked so two managers' changes are recorded in the order they were made, each with its real "from".
    await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, c.client.id)).for('update');
    const before = await limitsOf(tx, c);
    const changes: Partial<typeof clients.$inferInsert> = {};
    const changed: Record<string, { from: number | null; to: number | null }> = {};
    const fields = [
      ['max_places_held', 'maxPlacesHeld'],
      ['max_open_baskets', 'maxOpenBaskets'],
      ['max_items_per_request', 'maxItemsPerRequest'],
    ] as const;
    for (const [field, column] of fields) {
      const to = body[field];
      if (to === undefined || to === before[field]) continue;
      changes[column] = to;
      changed[field] = { from: before[field], to };
    }
    if (Object.keys(changed).length === 0) return before;
    await tx.update(clients).set(changes).where(eq(clients.id, c.client.id));
    await audit(c, 'settings.updated', null, { customer_limits: changed }, tx);
    return limitsOf(tx, c);
  });
}

/** Managers and administrators: what one customer may hold at once, for this client (decision 181). No screen yet. */
export const customerLimitRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['cart'];
  app.get(
    '/client/customer-limits',
    {
      schema: {
        tags,
        summary: 'Staff (manager): the per-customer limits, the client’s own (null: the deployment’s default) and the defaults',
        response: { 200: envelope(customerLimitSettings) },
      },
    },
    async (req) => {
      const c = await staffWith(req, managers);
      return { data: await limitsOf(c.db, c) };
    },
  );
  app.patch(
    '/client/customer-limits',
    {
      schema: {
        tags,
        summary: 'Staff (manager): change the per-customer limits; null goes back to the deployment’s default',
        body: customerLimitsBody,
        response: { 200: envelope(customerLimitSettings) },
      },
    },
    async (req) => ({ data: await updateLimits(await staffWith(req, managers), req.body) }),
  );
};
