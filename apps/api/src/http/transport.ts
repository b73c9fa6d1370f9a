import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** localhost, any *.localhost name (RFC 6761 keeps them on this machine), 127.0.0.0/8 and ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** The TCP peer itself (never X-Forwarded-For): 127.0.0.0/8, ::1, or 127.x mapped into IPv6. */
function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  return a === '::1' || /^127(\.\d{1,3}){3}$/.test(a);
}

const proxyHeaders = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

/**
 * A request from someone sitting at this machine: the socket's peer is loopback, the Host names this machine (so a
 * page on another site whose name is rebound to 127.0.0.1 does not count), and no proxy header is present (a reverse
 * proxy on the same host connects from loopback on behalf of anyone).
 */
export function isLocalRequest(req: FastifyRequest): boolean {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return false;
  if (proxyHeaders.some((h) => req.headers[h] !== undefined)) return false;
  return isLoopbackHost(req.hostname);
}

/**
 * Whether this request's answer uses HTTPS-only measures (Secure and __Host-/__Secure- cookies, HSTS,
 * upgrade-insecure-requests): COOKIE_SECURE says so when set; unset, every request except plain HTTP to a loopback
 * host name, which is the demo on the developer's own machine (decision 075).
 */
export function isSecureTransport(req: FastifyRequest, config: Pick<Config, 'cookieSecure'>): boolean {
  if (config.cookieSecure !== 'auto') return config.cookieSecure;
  return req.protocol === 'https' || !isLoopbackHost(req.hostname);
}

/** HSTS and upgrade-insecure-requests on the answers to requests that are on HTTPS's side (isSecureTransport). */
export function registerHttpsOnlyHeaders(app: FastifyInstance, config: Pick<Config, 'cookieSecure'>): void {
  // Callback style: an async hook costs every answer a promise and a turn of the microtask queue for nothing.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!isSecureTransport(req, config)) return done(null, payload);
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string' && !csp.includes('upgrade-insecure-requests')) {
      reply.header('content-security-policy', `${csp};upgrade-insecure-requests`);
    }
    done(null, payload);
  });
}
