import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { TtlCache } from '../lib/cache';
import { AppError } from '../lib/errors';
import { findClientByKey } from '../modules/tenancy/queries';
import type { Tenant } from './context';

/**
 * Resolves the client of each API request: the Client-Domain-Identifier header (an identifier or a domain), else
 * the host name, else the default client. A header naming no client is an error: guessing would show another
 * operator's data. Clients are cached briefly since they change rarely and every request needs one.
 */
export function registerTenancy(app: FastifyInstance, db: Db, cache: TtlCache, defaultClient: string): void {
  const lookup = (key: string): Promise<Tenant | null> => cache.get(`client:${key}`, () => findClientByKey(db, key));

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
