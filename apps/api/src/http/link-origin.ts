import type { FastifyRequest } from 'fastify';
import { parentDomain } from './subdomains';

const local = (host: string) => host === 'localhost' || host === '127.0.0.1' || host.endsWith('.localhost');

/**
 * The origin a link in an email points at. The Host header is the caller's to choose, so it is used only when it
 * names one of the client's own domains (or a local development host); otherwise the link goes to the client's
 * first domain. A forged Host therefore cannot send someone's reset token to another site. With the sub-domain
 * split, a sub-domain of one of the client's domains is its own too.
 */
export function linkOrigin(req: FastifyRequest): string {
  const host = req.hostname.toLowerCase();
  const parent = parentDomain(host, req.server.deps.config.subdomains);
  const own = req.client.domains.includes(host) || (parent !== null && req.client.domains.includes(parent));
  if (own || local(host) || req.client.domains.length === 0) {
    return `${req.protocol}://${req.host}`;
  }
  return `https://${req.client.domains[0]}`;
}
