import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from '../lib/errors';
import { findClientByKey } from '../modules/tenancy/queries';
import type { Tenant } from './context';

const CACHE_MS = 30_000;

/**
 * Resolves the client of each API request: the Client-Domain-Identifier header (an identifier or a domain), else
 * the host name, else the default client. A header naming no client is an error: guessing would show another
 * operator's data. Clients are cached briefly since they change rarely and every request needs one.
 */
export function registerTenancy(app: FastifyInstance, db: Db, defaultClient: string): void {
  const cache = new Map<string, { at: number; client: Tenant | null }>();

  async function lookup(key: string): Promise<Tenant | null> {
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.client;
    const client = await findClientByKey(db, key);
    cache.set(key, { at: Date.now(), client });
    return client;
  }

  app.decorateRequest('client', null as unknown as Tenant);
  app.addHook('onRequest', async (req: FastifyRequest) => {
    const header = req.headers['client-domain-identifier'];
    const named = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
    if (named) {
      const client = await lookup(named);
      if (!client) throw new AppError('not_found');
      req.client = client;
      return;
    }
    const host = req.hostname.split(':')[0]?.toLowerCase() ?? '';
    const client = (host && (await lookup(host))) || (await lookup(defaultClient));
    if (!client) throw new AppError('not_found');
    req.client = client;
  });
}
