import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache this GET's 200 answers to visitors for a moment (see registerAnonymousCache). */
    anonymousCache?: boolean;
  }
}

const MAX_ENTRIES = 10_000;

/**
 * A request that may have changed what a timetable shows: anything but a read that was not refused. What a process
 * keeps of timetables (visitors' answers here, the shared days of decision 296) is forgotten on each one.
 */
export const madeAChange = (req: FastifyRequest, reply: FastifyReply): boolean =>
  req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400;

interface Entry {
  until: number;
  headers: Record<string, string | number | string[]>;
  body: Buffer;
}

/** A request that carries no session at all: no session cookie of any client, no Authorization header. */
const anonymous = (req: FastifyRequest) => !req.headers.authorization && !/(^|;\s*)[\w-]+_session=/.test(req.headers.cookie ?? '');

/**
 * Visitors browsing timetables all see the same answer, so routes that opt in (config.anonymousCache) keep each 200
 * answer to a GET that carries no session for `ttlMs`: its headers (security headers included) and bytes, keyed by
 * host, client header and URL, which between them decide the client. A hit is replayed first thing, like an edge
 * cache, before any other work. Any successful change made through this process clears everything at once, and
 * other processes' copies expire within `ttlMs`, so a visitor may see availability at most that old; taking a place
 * is always decided by the database, never by this cache. ttlMs 0 turns it off. Register it before other plugins.
 */
export function registerAnonymousCache(app: FastifyInstance, ttlMs: number): void {
  if (ttlMs <= 0) return;
  const entries = new Map<string, Entry>();
  const keyOf = (req: FastifyRequest) => `${req.headers.host ?? ''}|${req.headers['client-domain-identifier'] ?? ''}|${req.url}`;
  const cacheable = (req: FastifyRequest) => req.method === 'GET' && req.routeOptions.config.anonymousCache === true && anonymous(req);

  app.addHook('onRequest', (req, reply, done) => {
    if (!cacheable(req)) return done();
    const hit = entries.get(keyOf(req));
    if (!hit || hit.until <= Date.now()) return done();
    reply.hijack();
    reply.raw.writeHead(200, { ...hit.headers, 'content-length': hit.body.length, 'x-cache': 'hit' });
    reply.raw.end(hit.body);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (cacheable(req) && reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      const now = Date.now();
      // Stored in order, all for the same ttl: the expired answers are at the front, and go as new ones come in.
      for (const [key, entry] of entries) {
        if (entry.until > now) break;
        entries.delete(key);
      }
      if (entries.size >= MAX_ENTRIES) entries.clear();
      const headers = reply.getHeaders() as Entry['headers'];
      // Kept as bytes, so a hit is written without encoding the text again (a route may have sent bytes already).
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      const key = keyOf(req);
      entries.delete(key);
      entries.set(key, { until: now + ttlMs, headers, body });
    }
    return payload;
  });

  app.addHook('onResponse', async (req, reply) => {
    if (madeAChange(req, reply)) entries.clear();
  });
}
