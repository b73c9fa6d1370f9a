import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { TtlCache } from '../lib/cache';
import type { Tenant } from './context';
import type { Subdomains } from './subdomains';
import { clientResolver } from './tenancy';

/** Only plain origins reach the header: nothing an operator types can add a directive. */
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

/**
 * Embedded mode: the client's allowed embedding origins join 'self' in the CSP's frame-ancestors, on the app's
 * pages and the API alike; X-Frame-Options is dropped for such a client, since it cannot name other origins (and
 * browsers follow frame-ancestors when both are present). Clients without origins keep 'self' and SAMEORIGIN.
 */
export function registerFrameAncestors(
  app: FastifyInstance,
  db: Db,
  cache: TtlCache,
  defaultClient: string,
  subdomains: Subdomains | null,
): void {
  const resolve = clientResolver(db, cache, defaultClient, subdomains);
  // API requests already know their client; the app's pages and assets are resolved the same way here.
  const clientOf = (req: FastifyRequest): Promise<Tenant | null> => (req.client ? Promise.resolve(req.client) : resolve(req));

  app.addHook('onSend', async (req, reply, payload) => {
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp !== 'string') return payload;
    const client = await clientOf(req).catch(() => null);
    const origins = (client?.embeddingOrigins ?? []).filter((o) => ORIGIN.test(o));
    if (origins.length === 0) return payload;
    reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, `frame-ancestors 'self' ${origins.join(' ')}`));
    reply.removeHeader('x-frame-options');
    return payload;
  });
}
