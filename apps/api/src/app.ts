import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifySerializerCompiler } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerAnonymousCache } from './http/anonymous-cache';
import type { Deps } from './http/context';
import { registerErrorHandler } from './http/error-handler';
import { serializerCompiler } from './http/fast-serializer';
import { registerFrameAncestors } from './http/frame-ancestors';
import { registerInputGuard } from './http/input-guard';
import { loggerOptions, requestLogger } from './http/logging';
import { parseQueryString } from './http/querystring';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSession } from './http/session';
import { registerSessionCacheInvalidation, SessionCache } from './http/session-cache';
import { registerTenancy } from './http/tenancy';
import { registerHttpsOnlyHeaders } from './http/transport';
import { registerWeb } from './http/web';
import { TtlCache } from './lib/cache';
import { type Clock, systemClock } from './lib/clock';
import { setPasswordHashingLimits } from './lib/passwords';
import { accountRoutes } from './modules/accounts/routes';
import { authRoutes } from './modules/auth/routes';
import { bookingBundleRoutes } from './modules/booking-bundles/routes';
import { calendarRoutes } from './modules/calendar/routes';
import { cancellationPolicyRoutes } from './modules/cancellations/policy-routes';
import { customerLimitRoutes } from './modules/cart/limit-settings';
import { cartRoutes } from './modules/cart/routes';
import { catalogueRoutes } from './modules/catalogue/routes';
import { checkoutRoutes } from './modules/checkout/routes';
import { creditRoutes } from './modules/credits/routes';
import { fohRoutes } from './modules/foh/routes';
import { onlineJoiningVenueRoutes } from './modules/memberships/online-joining-venues';
import { membershipRoutes } from './modules/memberships/routes';
import { afterBookingSettingsRoutes, devOutboxRoutes } from './modules/notifications/routes';
import { orderRoutes } from './modules/orders/routes';
import { programmeRoutes } from './modules/programmes/routes';
import { questionRoutes } from './modules/questions/routes';
import { restrictionRoutes } from './modules/restrictions/routes';
import { deskRegisterRoutes } from './modules/staff/desk-register-routes';
import { staffRoutes } from './modules/staff/routes';
import { tillRoutes } from './modules/staff/till-routes';
import { tenancyRoutes } from './modules/tenancy/routes';
import { ticketPriceRoutes } from './modules/ticket-prices/routes';
import { timetableRoutes } from './modules/timetable/routes';
import { registerSharedDayInvalidation, SharedDays } from './modules/timetable/shared-day';
import { createGeocoder } from './modules/venues/geocoding';
import { venueRoutes } from './modules/venues/routes';
import { waitlistRoutes } from './modules/waitlists/routes';
import { providerCallbackRoutes } from './payments/provider-callbacks';
import { createPaymentProviders } from './payments/providers';
import { SANDBOX_BASE } from './payments/providers/sandbox';
import { sandboxChallengeRoutes } from './payments/sandbox-3ds';
import { sandboxProviderRoutes } from './payments/sandbox-routes';
import { providerOrigins } from './payments/settings';
import { stripeWebhookRoutes } from './payments/stripe-webhook';

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: { level?: string; stream?: { write(line: string): void } };
}

/**
 * Builds the app in a fixed order: error handling, security headers, cookies and limits, the OpenAPI document,
 * then the API (client and session resolved for every call), the sandbox provider, and the web app last.
 * Tests build it exactly as production does and talk to it through inject().
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  setPasswordHashingLimits(config.passwordHashing);
  const app = Fastify({
    // Redaction applies whatever else the caller sets (tests pass a level or a stream).
    logger: { ...loggerOptions(config.logLevel), ...options.logger },
    childLoggerFactory: requestLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    routerOptions: { querystringParser: parseQueryString },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(deferredSerializers(app, serializerCompiler));

  const deps: Deps = {
    db: database.db,
    config,
    clock: options.clock ?? systemClock,
    providers: createPaymentProviders(database.db, config),
    cache: new TtlCache(30_000),
    sessions: new SessionCache(config.sessionCacheMs),
    days: new SharedDays(config.timetableCacheMs),
    geocoder: createGeocoder(config, database.db),
    log: app.log,
  };
  app.decorate('deps', deps);
  registerErrorHandler(app);
  registerAnonymousCache(app, config.timetableCacheMs);
  registerSharedDayInvalidation(app, deps.days);
  registerSessionCacheInvalidation(app, deps.sessions, deps.db);

  // The card providers' scripts, APIs and frames (decision 112); an issuer's 3-D Secure page is posted to by a form.
  const providers = providerOrigins(
    config.paymentSettings,
    config.stripe ? { scriptUrl: config.stripe.scriptUrl, apiUrl: stripeApiOrigin(config) } : null,
  );
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...providers],
        connectSrc: ["'self'", ...providers],
        frameSrc: ["'self'", ...providers],
        formAction: ["'self'", 'https:', ...providers],
        imgSrc: ["'self'", 'data:', 'https:'],
        // react-hot-toast injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        frameAncestors: ["'self'"],
        // Added per request with HSTS below, where the request is on HTTPS's side of COOKIE_SECURE.
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
  });
  registerHttpsOnlyHeaders(app, config);
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
      registerInputGuard(api);
      registerTenancy(api, deps.db, deps.cache, config.defaultClient, config.subdomains);
      registerSession(api, deps.db, deps.clock, config, deps.sessions);
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
        calendarRoutes,
        staffRoutes,
        deskRegisterRoutes,
        tillRoutes,
        afterBookingSettingsRoutes,
        customerLimitRoutes,
        cancellationPolicyRoutes,
      ]) {
        await api.register(routes);
      }
      // Email written instead of sent (no SMTP_URL), shown only to requests from this machine (decision 075).
      if (!config.smtpUrl) await api.register(devOutboxRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(sandboxProviderRoutes, { prefix: SANDBOX_BASE });
  await app.register(sandboxChallengeRoutes, { prefix: SANDBOX_BASE });
  await app.register(stripeWebhookRoutes, { prefix: '/payment-providers' });
  await app.register(providerCallbackRoutes, { prefix: '/payment-providers' });
  await registerWeb(app, config.webDist);
  return app;
}

/** Each app's serializers not compiled yet, for warmUpSerializers. */
const uncompiled = new WeakMap<FastifyInstance, Set<() => unknown>>();

/**
 * A route's response serializer is compiled when it first answers, or by warmUpSerializers once the server listens,
 * whichever comes first (decision 279): compiling the hot routes' fast-json-stringify writers took most of a second
 * of building the app, before the first page could be answered. A route answers the same either way.
 */
function deferredSerializers(app: FastifyInstance, compile: FastifySerializerCompiler<z.ZodType>): FastifySerializerCompiler<z.ZodType> {
  const pending = new Set<() => unknown>();
  uncompiled.set(app, pending);
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    const compiled = () => {
      if (!serialize) {
        serialize = compile(route);
        pending.delete(compiled);
      }
      return serialize;
    };
    pending.add(compiled);
    return (data) => compiled()(data);
  };
}

/**
 * Compiles the serializers no request has needed yet, one per turn of the event loop so requests arriving meanwhile
 * are answered between them; the server calls it once it listens, so a customer's first request rarely compiles.
 */
export async function warmUpSerializers(app: FastifyInstance): Promise<void> {
  const pending = uncompiled.get(app);
  if (!pending) return;
  for (const compile of [...pending]) {
    await new Promise((resolve) => setImmediate(resolve));
    compile();
  }
}

/** The Stripe API origin the deployment's keys point at, when it is not Stripe's own (a local fake). */
function stripeApiOrigin(config: Config): string | undefined {
  const s = config.stripe;
  return s?.host ? `${s.protocol ?? 'https'}://${s.host}${s.port ? `:${s.port}` : ''}` : undefined;
}
