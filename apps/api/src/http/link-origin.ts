import type { FastifyRequest } from 'fastify';

const local = (host: string) => host === 'localhost' || host === '127.0.0.1' || host.endsWith('.localhost');

/**
 * The origin a link in an email points at. The Host header is the caller's to choose, so it is used only when it
 * names one of the client's own domains (or a local development host); otherwise the link goes to the client's
 * first domain. A forged Host therefore cannot send someone's reset token to another site.
 */
export function linkOrigin(req: FastifyRequest): string {
  const host = req.hostname.toLowerCase();
  if (req.client.domains.includes(host) || local(host) || req.client.domains.length === 0) {
    return `${req.protocol}://${req.host}`;
  }
  return `https://${req.client.domains[0]}`;
}
