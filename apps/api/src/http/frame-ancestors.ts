import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  const embed = (reply: FastifyReply, csp: string, client: Tenant | null) => {
    const origins = (client?.embeddingOrigins ?? []).filter((o) => ORIGIN.test(o));
    if (origins.length === 0) return;
    reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, `frame-ancestors 'self' ${origins.join(' ')}`));
    reply.removeHeader('x-frame-options');
  };

  // Callback style, so an API request (which already knows its client) costs no promise; the app's pages and assets
  // are resolved the same way here.
  app.addHook('onSend', (req: FastifyRequest, reply, payload, done) => {
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp !== 'string') return done(null, payload);
    if (req.client) {
      embed(reply, csp, req.client);
      return done(null, payload);
    }
    resolve(req)
      .catch(() => null)
      .then((client) => {
        embed(reply, csp, client);
        done(null, payload);
      })
      .catch((err: Error) => done(err));
  });
}
