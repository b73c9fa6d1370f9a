import { existsSync } from 'node:fs';
import path from 'node:path';
import { statusMessages } from '@app/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built app: hashed files under /assets (cached for a year), and index.html for every other path so
 * the browser router can answer it. API paths and missing files are real 404s, never the app's page.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const appPage = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
  // The static plugin answers a directory (the root) with 403 when it has no index: the root is the app's home page.
  if (hasBuild) app.get('/', (_req, reply) => appPage(reply));
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    if (isApi || !hasBuild || url.startsWith('/assets/') || path.extname(url) !== '') {
      return reply.status(404).send({ message: statusMessages[404], code: 'not_found' });
    }
    // A trailing slash is removed by redirect (doc 2, section 2).
    if (url.length > 1 && url.endsWith('/')) {
      const query = req.url.slice(url.length);
      return reply.redirect(url.replace(/\/+$/, '') + query, 301);
    }
    return appPage(reply);
  });
}
