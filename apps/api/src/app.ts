import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerAnonymousCache } from './http/anonymous-cache';
import type { Deps } from './http/context';
import { registerErrorHandler } from './http/error-handler';
import { registerFrameAncestors } from './http/frame-ancestors';
import { parseQueryString } from './http/querystring';
import { registerSession } from './http/session';
import { registerTenancy } from './http/tenancy';
import { registerWeb } from './http/web';
import { TtlCache } from './lib/cache';
import { type Clock, systemClock } from './lib/clock';
import { accountRoutes } from './modules/accounts/routes';
import { authRoutes } from './modules/auth/routes';
import { bookingBundleRoutes } from './modules/booking-bundles/routes';
import { cartRoutes } from './modules/cart/routes';
import { catalogueRoutes } from './modules/catalogue/routes';
import { checkoutRoutes } from './modules/checkout/routes';
import { creditRoutes } from './modules/credits/routes';
import { fohRoutes } from './modules/foh/routes';
import { onlineJoiningVenueRoutes } from './modules/memberships/online-joining-venues';
import { membershipRoutes } from './modules/memberships/routes';
import { devOutboxRoutes } from './modules/notifications/routes';
import { orderRoutes } from './modules/orders/routes';
import { programmeRoutes } from './modules/programmes/routes';
import { questionRoutes } from './modules/questions/routes';
import { restrictionRoutes } from './modules/restrictions/routes';
import { tenancyRoutes } from './modules/tenancy/routes';
import { ticketPriceRoutes } from './modules/ticket-prices/routes';
import { timetableRoutes } from './modules/timetable/routes';
import { createGeocoder } from './modules/venues/geocoding';
import { venueRoutes } from './modules/venues/routes';
import { waitlistRoutes } from './modules/waitlists/routes';
import { createPaymentProviders } from './payments/providers';
import { SANDBOX_BASE } from './payments/providers/sandbox';
import { sandboxChallengeRoutes } from './payments/sandbox-3ds';
import { sandboxProviderRoutes } from './payments/sandbox-routes';
import { stripeWebhookRoutes } from './payments/stripe-webhook';

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
}

/**
 * Builds the app in a fixed order: error handling, security headers, cookies and limits, the OpenAPI document,
 * then the API (client and session resolved for every call), the sandbox provider, and the web app last.
 * Tests build it exactly as production does and talk to it through inject().
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      // ISO times read better than epoch milliseconds, and are never mistaken for a card number by the log scan.
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    routerOptions: { querystringParser: parseQueryString },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const deps: Deps = {
    db: database.db,
    config,
    clock: options.clock ?? systemClock,
    providers: createPaymentProviders(database.db, config),
    cache: new TtlCache(30_000),
    geocoder: createGeocoder(config, database.db),
  };
  app.decorate('deps', deps);
  registerErrorHandler(app);
  registerAnonymousCache(app, config.timetableCacheMs);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        // react-hot-toast injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
    hsts: config.cookieSecure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  registerFrameAncestors(app, deps.db, deps.cache, config.defaultClient, config.subdomains);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: 'Leisure booking API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      registerTenancy(api, deps.db, deps.cache, config.defaultClient, config.subdomains);
      registerSession(api, deps.db, deps.clock);
      for (const routes of [
        tenancyRoutes,
        authRoutes,
        venueRoutes,
        catalogueRoutes,
        timetableRoutes,
        cartRoutes,
        checkoutRoutes,
        creditRoutes,
        fohRoutes,
        orderRoutes,
        waitlistRoutes,
        programmeRoutes,
        accountRoutes,
        membershipRoutes,
        questionRoutes,
        restrictionRoutes,
        bookingBundleRoutes,
        ticketPriceRoutes,
        onlineJoiningVenueRoutes,
      ]) {
        await api.register(routes);
      }
      // The outbox of unsent email is for development and tests; production has no such route.
      if (config.env !== 'production') await api.register(devOutboxRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(sandboxProviderRoutes, { prefix: SANDBOX_BASE });
  await app.register(sandboxChallengeRoutes, { prefix: SANDBOX_BASE });
  await app.register(stripeWebhookRoutes, { prefix: '/payment-providers' });
  await registerWeb(app, config.webDist);
  return app;
}
