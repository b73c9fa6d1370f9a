import { existsSync } from 'node:fs';
import path from 'node:path';
import { statusMessages } from '@app/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appPageRenderer } from './app-page';

/** Vite names built files `name-<hash>.ext` under assets/: their content never changes under that name. */
const isHashedAsset = (filePath: string) => filePath.includes(`${path.sep}assets${path.sep}`);
/** Brand images (logos, icons) keep their names: a day fresh, then a week revalidated in the background. */
const isBrandImage = (filePath: string) => filePath.includes(`${path.sep}brand${path.sep}`);

/**
 * Serves the built app (decision 086): hashed files under /assets cached for a year (`immutable`), as the
 * brotli or gzip copy the build wrote beside each when the browser takes it; and the app's page, written for each
 * request with the client, theme and session in it, for every other path so the browser router can answer it.
 * API paths and missing files are real 404s, never the app's page.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      preCompressed: true,
      // Our own headers: a year for hashed files, revalidation for anything else.
      cacheControl: false,
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          isHashedAsset(filePath)
            ? 'public, max-age=31536000, immutable'
            : isBrandImage(filePath)
              ? 'public, max-age=86400, stale-while-revalidate=604800'
              : 'no-cache',
        );
      },
    });
  }
  const sendAppPage = hasBuild ? appPageRenderer(app, webDist) : null;
  const appPage = (req: FastifyRequest, reply: FastifyReply) => (sendAppPage as NonNullable<typeof sendAppPage>)(req, reply);
  // The static plugin answers a directory (the root) with 403 when it has no index: the root is the app's home page.
  if (hasBuild) app.get('/', appPage);
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
    return appPage(req, reply);
  });
}
