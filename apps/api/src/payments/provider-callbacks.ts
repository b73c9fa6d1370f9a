import { checkoutMessages } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Conn } from '../db/client';
import { clients, paymentTransactions } from '../db/schema';
import { applyProviderEvent } from '../modules/checkout/provider-events';
import { moveTransaction } from '../modules/checkout/queries';
import { scaReturnPath } from '../modules/checkout/service';
import { verifyOpayoSessionData } from './providers/opayo';
import { ryftEventOf, verifyRyftSignature } from './providers/ryft';
import { ProviderUnavailable } from './providers/types';

/** A client's id by the identifier a provider's address names, or null. */
export async function clientIdOf(db: Conn, identifier: string): Promise<number | null> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.identifier, identifier));
  return row?.id ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What providers send us outside /api, each naming the client in its address (their requests carry no session):
 * Opayo's 3-D Secure notification, posted by the customer's browser from the issuer's page, and Ryft's webhooks.
 * Each is verified before anything changes (our signed threeDSSessionData; Ryft's Signature header) and only moves a
 * transaction still waiting on the provider, so a repeat changes nothing (decision 111).
 */
export const providerCallbackRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const refuse = { message: checkoutMessages.webhookSignature, code: 'webhook_signature' };
  const notFound = { message: 'Not found', code: 'not_found' };

  app.post<{ Params: { client: string; transactionUuid: string }; Body: Record<string, string> }>(
    '/opayo/notification/:client/:transactionUuid',
    { schema: { hide: true }, logLevel: 'warn' },
    async (req, reply) => {
      const { deps } = app;
      const settings = deps.providers.settingsOf(req.params.client, 'opayo');
      const uuid = req.params.transactionUuid;
      if (settings?.provider !== 'opayo' || !UUID.test(uuid)) return reply.status(404).send(notFound);
      const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, string>;
      const cres = String(body.cres ?? body.cRes ?? '');
      if (!cres || !verifyOpayoSessionData(settings, uuid, String(body.threeDSSessionData ?? ''))) {
        return reply.status(400).send(refuse);
      }
      const [t] = await deps.db
        .select({ t: paymentTransactions })
        .from(paymentTransactions)
        .innerJoin(clients, eq(clients.id, paymentTransactions.clientId))
        .where(
          and(eq(paymentTransactions.uuid, uuid), eq(paymentTransactions.provider, 'opayo'), eq(clients.identifier, req.params.client)),
        );
      if (!t) return reply.status(404).send(notFound);
      const row = t.t;
      // A repeat (the browser's Back button, a second post) finds the transaction decided and only sends the customer on.
      if (row.status === 'sca_required' && row.providerReference) {
        try {
          const provider = await deps.providers.forClient('opayo', row.clientId);
          const outcome = await provider.handleSca({
            transactionUuid: uuid,
            reference: row.providerReference,
            scaResult: `cres:${cres}`,
            cardUse: row.cardUse ?? null,
          });
          const now = deps.clock.now();
          // Only from sca_required: the checkout's own sca-completion may have decided it meanwhile, and that stands.
          await moveTransaction(
            deps.db,
            uuid,
            'sca_required',
            outcome.status === 'authorised'
              ? { status: 'authorised', result: null, updatedAt: now }
              : { status: 'failed', errorCode: outcome.code, errorMessage: outcome.message, result: null, updatedAt: now },
          );
        } catch (err) {
          // Opayo did not answer: the checkout's sca-completion asks again when the customer is back.
          if (!(err instanceof ProviderUnavailable)) throw err;
          req.log.warn({ transaction: uuid }, 'opayo did not answer the 3-D Secure notification');
        }
      }
      return reply.redirect(`${scaReturnPath(uuid)}&sca_result=notified`, 303);
    },
  );

  app.post<{ Params: { client: string } }>('/ryft/webhook/:client', { schema: { hide: true }, logLevel: 'warn' }, async (req, reply) => {
    const { deps } = app;
    const settings = deps.providers.settingsOf(req.params.client, 'ryft');
    const clientId = settings?.provider === 'ryft' ? await clientIdOf(deps.db, req.params.client) : null;
    if (settings?.provider !== 'ryft' || clientId === null) return reply.status(404).send(notFound);
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
    const signature = String(req.headers.signature ?? '');
    if (!signature || !verifyRyftSignature(settings.webhookSecret, raw, signature)) return reply.status(400).send(refuse);
    let event: unknown;
    try {
      event = JSON.parse(raw.toString('utf8'));
    } catch {
      return reply.status(400).send(refuse);
    }
    const providerEvent = ryftEventOf(event);
    // Only this client's transactions: its own secret vouched for the event.
    if (providerEvent) await applyProviderEvent(deps.db, 'ryft', providerEvent, deps.clock.now(), clientId);
    return reply.send({ received: true });
  });
};
