import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { TtlCache } from '../lib/cache';
import { AppError } from '../lib/errors';
import { findClientByKey } from '../modules/tenancy/queries';
import type { Tenant } from './context';
import { parentDomain, type Subdomains } from './subdomains';

/**
 * How a request names its client: the Client-Domain-Identifier header (an identifier or a domain), else the host
 * name, else (with the sub-domain split) its parent domain, so a client lists `northfield.example` once for both
 * `bookings.` and `myaccount.`, else the default client. A header naming no client gives null: guessing would show
 * another operator's data. Clients are cached briefly since they change rarely and every request needs one.
 */
export function clientResolver(
  db: Db,
  cache: TtlCache,
  defaultClient: string,
  subdomains: Subdomains | null,
): (req: FastifyRequest) => Promise<Tenant | null> {
  const lookup = (key: string): Promise<Tenant | null> => cache.get(`client:${key}`, () => findClientByKey(db, key));
  return async (req) => {
    const header = req.headers['client-domain-identifier'];
    const named = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
    if (named) return lookup(named);
    const host = req.hostname.split(':')[0]?.toLowerCase() ?? '';
    const parent = parentDomain(host, subdomains);
    return (host && (await lookup(host))) || (parent && (await lookup(parent))) || lookup(defaultClient);
  };
}

/** Resolves the client of each API request (see clientResolver); none is a 404. */
export function registerTenancy(app: FastifyInstance, db: Db, cache: TtlCache, defaultClient: string, subdomains: Subdomains | null): void {
  const resolve = clientResolver(db, cache, defaultClient, subdomains);
  app.decorateRequest('client', null as unknown as Tenant);
  app.addHook('onRequest', async (req: FastifyRequest) => {
    const client = await resolve(req);
    if (!client) throw new AppError('not_found');
    req.client = client;
  });
}
