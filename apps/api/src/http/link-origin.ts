import type { FastifyRequest } from 'fastify';
import { parentDomain } from './subdomains';

const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/**
 * The origin of one of a client's domains: `https://` and the name, or, for a development domain (`*.localhost`),
 * PUBLIC_ORIGIN's scheme and port, which is where this deployment's demo is served.
 */
export function originOfDomain(domain: string, publicOrigin: string): string {
  if (!isLocalName(domain)) return `https://${domain}`;
  const u = new URL(publicOrigin);
  return `${u.protocol}//${domain}${u.port ? `:${u.port}` : ''}`;
}

/**
 * The origin a link in an email points at (a password reset, a calendar feed). The Host header, its port and the
 * scheme are the caller's to choose, so a link only ever goes to an origin this deployment owns (issue 9):
 * - the host asked from when it is one of the client's domains (or, with the sub-domain split, a sub-domain of one),
 *   so a customer is sent back to the site they used, in that domain's canonical form (originOfDomain);
 * - PUBLIC_ORIGIN when the client has no domain, or when the default client was asked for at PUBLIC_ORIGIN itself
 *   (`npm start` at http://localhost:3000);
 * - otherwise the client's first domain. A forged Host (evil.example, or a port of the attacker's choosing) therefore
 *   never reaches an email.
 */
export function linkOrigin(req: FastifyRequest): string {
  const { config } = req.server.deps;
  const { domains, identifier } = req.client;
  const host = req.hostname.toLowerCase();
  const parent = parentDomain(host, config.subdomains);
  if (domains.includes(host) || (parent !== null && domains.includes(parent))) return originOfDomain(host, config.publicOrigin);
  const first = domains[0];
  const atPublicOrigin = req.host.toLowerCase() === new URL(config.publicOrigin).host;
  if (!first || (atPublicOrigin && identifier === config.defaultClient)) return config.publicOrigin;
  return originOfDomain(first, config.publicOrigin);
}
