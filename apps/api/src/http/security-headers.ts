import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's headers on every answer, its middleware built once for the process. @fastify/helmet 13 builds helmet's
 * middleware anew for each request (its `buildHelmetOnRoutes` calls `helmet(options)`, which parses the whole content
 * security policy), about 5% of an API process's CPU under a rush of adds (decision 302). The plugin stays registered,
 * not global, so a route can still take its own options (`helmet:` in the route's options, which this hook leaves to
 * the plugin) and `reply.helmet()` is there; every other answer gets the same headers as before, from one middleware.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  await app.register(fastifyHelmet, { ...options, global: false });
  // The plugin's options are helmet's own (its types reach helmet's through CommonJS, ours through ES modules).
  const apply = helmet(options as Parameters<typeof helmet>[0]);
  app.addHook('onRequest', (req, reply, done) => {
    // The plugin moves a route's own `helmet` option into its config (and applies it there).
    if ((req.routeOptions.config as { helmet?: unknown }).helmet !== undefined) return done();
    apply(req.raw, reply.raw, () => done());
  });
}
