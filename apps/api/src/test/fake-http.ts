import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** What a fake's handler answers: JSON, an HTML page, a redirect, or nothing ever (a hung provider). */
export type FakeReply =
  | { status: number; body: unknown }
  | { status: number; html: string }
  | { status: number; script: string }
  | { redirect: string }
  | 'hang';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** JSON or form fields; empty for GET. */
  body: Record<string, unknown>;
  raw: string;
}

export interface FakeServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A small HTTP server for the providers' local fakes (Opayo, Ryft): JSON and form bodies in, JSON, HTML or a script
 * out, CORS open (the browser calls the providers' card endpoints straight from the checkout page), and a way to
 * never answer. Listens on 127.0.0.1 only.
 */
export async function startFakeServer(handle: (req: FakeRequest) => Promise<FakeReply> | FakeReply, port = 0): Promise<FakeServer> {
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, content-type, idempotency-key, account');
    res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    if (req.method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? '/', 'http://fake');
    let body: Record<string, unknown> = {};
    if (raw) {
      const type = String(req.headers['content-type'] ?? '');
      try {
        body = type.includes('json') ? (JSON.parse(raw) as Record<string, unknown>) : Object.fromEntries(new URLSearchParams(raw));
      } catch {
        body = {};
      }
    }
    let reply: FakeReply;
    try {
      reply = await handle({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body, raw });
    } catch (err) {
      reply = { status: 500, body: { error: err instanceof Error ? err.message : 'fake failed' } };
    }
    if (reply === 'hang') return;
    if ('redirect' in reply) {
      res.writeHead(303, { location: reply.redirect });
      res.end();
    } else if ('html' in reply) {
      res.writeHead(reply.status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(reply.html);
    } else if ('script' in reply) {
      res.writeHead(reply.status, { 'content-type': 'text/javascript; charset=utf-8' });
      res.end(reply.script);
    } else {
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    }
  });
  // Idle connections are kept longer than any client keeps them, so a client never reuses one the fake is just closing
  // (an ECONNRESET on a loaded machine).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);

/** A plain, accessible page for a fake's own screens (an issuer's challenge). */
export const fakePage = (title: string, body: string) => `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}button{font:inherit;padding:.6rem 1rem;margin-right:1rem}
button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

/** The fakes' test cards: the same numbers as the sandbox's, so every provider is tried with the same cards. */
export type FakeCardBehaviour = 'approve' | 'decline' | 'insufficient_funds' | 'challenge';
export const fakeCardBehaviour = (number: string): FakeCardBehaviour =>
  (
    ({
      '4000000000000002': 'decline',
      '4000000000009995': 'insufficient_funds',
      '4000000000003220': 'challenge',
    }) as Record<string, FakeCardBehaviour>
  )[number.replace(/\s+/g, '')] ?? 'approve';
