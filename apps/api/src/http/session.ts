import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { Coalescer } from '../lib/coalesce';
import { AppError } from '../lib/errors';
import { sha256 } from '../lib/ids';
import { findSessionsByHash } from '../modules/auth/queries';
import { deskIdleCheck } from '../modules/staff/guard';
import type { Tenant } from './context';
import type { SessionCache } from './session-cache';
import { parentDomain } from './subdomains';
import { isSecureTransport } from './transport';

/**
 * The session cookie is named after the client, so two operators on one parent domain never share a login, and
 * prefixed so the browser enforces how it was set (decision 075): `__Host-` on HTTPS without a Domain (only this
 * exact origin can set or overwrite it), `__Secure-` on HTTPS with a Domain (the sub-domain split or COOKIE_DOMAIN),
 * and no prefix on plain HTTP, the demo on this machine. Each request reads only the name it would set, so a cookie
 * planted by a sibling sub-domain under another name is never taken for a session.
 */
export function sessionCookieName(req: FastifyRequest, config: Config, client: Tenant): string {
  const base = `${client.identifier}_session`;
  if (!isSecureTransport(req, config)) return base;
  return sessionCookieDomain(req, config) ? `__Secure-${base}` : `__Host-${base}`;
}

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

/**
 * The session look-ups of concurrent requests share one statement (a thousand customers arriving at once are a
 * thousand cache misses): each request's is sent after it arrived, and each checks its own client and expiry.
 */
function sessionLoader(db: Db) {
  const loader = new Coalescer(async (hashes: string[]) => {
    const rows = await findSessionsByHash(db, [...new Set(hashes)]);
    const byHash = new Map(rows.map((r) => [r.tokenHash, r]));
    return hashes.map((h) => byHash.get(h));
  });
  return async (tokenHash: string, clientId: number, now: Date) => {
    const row = await loader.ask(tokenHash);
    return row && row.clientId === clientId && row.expiresAt > now ? row : undefined;
  };
}

export function registerSession(app: FastifyInstance, db: Db, clock: Clock, config: Config, cache: SessionCache): void {
  const findSession = sessionLoader(db);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    const auth = req.headers.authorization;
    const bearer = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : undefined;
    const cookie = req.cookies[sessionCookieName(req, config, req.client)];
    const token = bearer || cookie;
    if (!token) return;
    const tokenHash = sha256(token);
    const now = clock.now();
    let session = cache.session(tokenHash, req.client.id, now);
    if (!session) {
      session = await findSession(tokenHash, req.client.id, now);
      if (!session) return;
      cache.rememberSession(session);
    }
    const via = bearer ? 'bearer' : 'cookie';
    if (via === 'cookie' && unsafe.has(req.method) && crossSite(req)) throw new AppError('forbidden');
    // A desk left idle past the operator's timeout is signed out whatever it calls next (decision 230).
    if (session.role === 'staff') await deskIdleCheck(db, cache, session, now);
    req.user = { id: session.userId, role: session.role, tokenHash: session.tokenHash, via };
  });
  // Whatever answers a logged-in caller, or logs someone in, is theirs alone: no browser, proxy or CDN may keep it
  // (issue 9: /api/auth/user, the basket, My account, orders, and every other call made with a session).
  // Callback style: an async hook costs every answer a promise and a turn of the microtask queue for nothing.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.user || reply.hasHeader('set-cookie')) reply.header('cache-control', 'no-store');
    done(null, payload);
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
  reply.setCookie(sessionCookieName(reply.request, config, client), token, {
    httpOnly: true,
    secure: isSecureTransport(reply.request, config),
    sameSite: 'lax',
    path: '/',
    maxAge: config.sessionDays * 24 * 60 * 60,
    ...(domain ? { domain } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config, client: Tenant): void {
  const domain = sessionCookieDomain(reply.request, config);
  const secure = isSecureTransport(reply.request, config);
  reply.clearCookie(sessionCookieName(reply.request, config, client), { path: '/', secure, ...(domain ? { domain } : {}) });
}
