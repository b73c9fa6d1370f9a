import type { FastifyRequest } from 'fastify';

/** The sub-domain split (SUBDOMAINS): the first label of the bookings sub-domain and of the account sub-domain. */
export interface Subdomains {
  bookings: string;
  account: string;
}

/** SUBDOMAINS is two labels, bookings first ('bookings,myaccount'); unset or empty is one origin. */
export function parseSubdomains(value: string | undefined): Subdomains | null {
  const labels = (value ?? '')
    .split(',')
    .map((label) => label.trim().toLowerCase())
    .filter(Boolean);
  if (labels.length === 0) return null;
  const [bookings, account] = labels;
  const label = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
  if (labels.length !== 2 || !bookings || !account || bookings === account || !label.test(bookings) || !label.test(account)) {
    throw new Error(`SUBDOMAINS must be two different host labels, bookings first (e.g. bookings,myaccount); got "${value}"`);
  }
  return { bookings, account };
}

/**
 * The parent domain of a host under the split: the host minus its first label (bookings.northfield.example →
 * northfield.example). Only a host whose first label is one of the two sub-domains has one, so an IP address,
 * `localhost` or the bare domain are served as one origin instead of guessing at a parent.
 */
export function parentDomain(host: string, subdomains: Subdomains | null): string | null {
  if (!subdomains) return null;
  const name = host.split(':')[0]?.toLowerCase() ?? '';
  const dot = name.indexOf('.');
  if (dot <= 0 || dot === name.length - 1) return null;
  const first = name.slice(0, dot);
  return first === subdomains.bookings || first === subdomains.account ? name.slice(dot + 1) : null;
}

/** Where the two areas live for this request: absolute origins on its parent domain, same scheme and port. */
export function areaOrigins(req: FastifyRequest, subdomains: Subdomains | null): { bookings: string; account: string } | null {
  const parent = parentDomain(req.hostname, subdomains);
  if (!parent || !subdomains) return null;
  const port = req.port ? `:${req.port}` : '';
  const origin = (label: string) => `${req.protocol}://${label}.${parent}${port}`;
  return { bookings: origin(subdomains.bookings), account: origin(subdomains.account) };
}
