import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import { sha256 } from '../lib/ids';
import { findSession } from '../modules/auth/queries';
import type { Tenant } from './context';
import { parentDomain } from './subdomains';

/** The session cookie is named after the client, so two operators on one parent domain never share a login. */
export const sessionCookieName = (client: Tenant): string => `${client.identifier}_session`;

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A cross-site page cannot use the cookie to change anything: for a cookie-authenticated unsafe request the
 * browser's Sec-Fetch-Site must say same-origin (or none), or, from older browsers, the Origin must be our host.
 */
function crossSite(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = req.headers.origin;
  if (typeof origin !== 'string') return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true;
  }
}

/** Refuses a request sent from another site (used where no session exists yet, e.g. the token exchange). */
export function assertSameSite(req: FastifyRequest): void {
  if (crossSite(req)) throw new AppError('forbidden');
}

export function registerSession(app: FastifyInstance, db: Db, clock: Clock): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    const auth = req.headers.authorization;
    const bearer = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : undefined;
    const cookie = req.cookies[sessionCookieName(req.client)];
    const token = bearer || cookie;
    if (!token) return;
    const session = await findSession(db, sha256(token), req.client.id, clock.now());
    if (!session) return;
    const via = bearer ? 'bearer' : 'cookie';
    if (via === 'cookie' && unsafe.has(req.method) && crossSite(req)) throw new AppError('forbidden');
    req.user = { id: session.userId, role: session.role, tokenHash: session.tokenHash, via };
  });
}

/**
 * The cookie's Domain: with the sub-domain split, the request's parent domain, so the bookings and account
 * sub-domains share the login; otherwise COOKIE_DOMAIN when set, else none (host-only).
 */
export function sessionCookieDomain(req: FastifyRequest, config: Config): string | undefined {
  return parentDomain(req.hostname, config.subdomains) ?? config.cookieDomain;
}

export function setSessionCookie(reply: FastifyReply, config: Config, client: Tenant, token: string): void {
  const domain = sessionCookieDomain(reply.request, config);
  reply.setCookie(sessionCookieName(client), token, {
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: 'lax',
    path: '/',
    maxAge: config.sessionDays * 24 * 60 * 60,
    ...(domain ? { domain } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config, client: Tenant): void {
  const domain = sessionCookieDomain(reply.request, config);
  reply.clearCookie(sessionCookieName(client), { path: '/', ...(domain ? { domain } : {}) });
}
