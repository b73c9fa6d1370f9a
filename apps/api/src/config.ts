import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseSubdomains, type Subdomains } from './http/subdomains';
import type { StripeConfig } from './payments/providers/stripe';
import { type PaymentSettings, parsePaymentSettings } from './payments/settings';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** npm runs workspace scripts inside the workspace; relative paths mean relative to where the user typed. */
const userCwd = process.env.INIT_CWD ?? process.cwd();

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const env = z.object({
  // Unset is production: only `npm run dev` and the tests say otherwise (decision 075).
  NODE_ENV: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['development', 'production', 'test']).default('production')),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEFAULT_CLIENT: z.string().default('northfield'),
  HOLD_MINUTES: z.coerce.number().positive().default(15),
  HOLD_SWEEP_SECONDS: z.coerce.number().positive().default(30),
  SESSION_DAYS: z.coerce.number().int().positive().default(30),
  SEED_DEMO: bool,
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  COOKIE_SECURE: bool,
  COOKIE_DOMAIN: z.string().optional(),
  TRUST_PROXY: bool,
  GEOCODER: z.enum(['embedded', 'http']).default('embedded'),
  GEOCODER_URL: z.string().url().default('https://api.mapbox.com/geocoding/v5/mapbox.places'),
  GEOCODER_KEY: z.string().optional(),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().url().optional(),
  STRIPE_JS_URL: z.string().url().optional(),
  PAYMENT_SETTINGS: z.string().optional(),
  TIMETABLE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(1000).default(16),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  LOGIN_THROTTLE_MINUTES: z.coerce.number().positive().default(15),
  PASSWORD_RESET_MINUTES: z.coerce.number().positive().default(60),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Bookings <no-reply@localhost>'),
  /** Where links in emails point when the client has no domain of its own (default: this server on localhost). */
  PUBLIC_ORIGIN: z.string().url().optional(),
  KIOSK_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(90_000),
  SUBDOMAINS: z.string().optional(),
  JOBS_WORKER: bool,
  JOBS_POLL_SECONDS: z.coerce.number().positive().default(2),
  JOBS_LEASE_SECONDS: z.coerce.number().positive().default(300),
  JOBS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  JOBS_BACKOFF_SECONDS: z.coerce.number().positive().default(10),
  RECONCILE_SECONDS: z.coerce.number().positive().default(60),
  CAPTURE_GRACE_SECONDS: z.coerce.number().positive().default(120),
  CUSTOMER_MAX_PLACES_HELD: z.coerce.number().int().min(1).max(10_000).default(40),
  CUSTOMER_MAX_OPEN_BASKETS: z.coerce.number().int().min(1).max(100).default(3),
  CUSTOMER_MAX_ITEMS_PER_REQUEST: z.coerce.number().int().min(1).max(50).default(20),
  REMINDER_HOURS: z.coerce.number().positive().max(168).default(24),
  REMINDER_SCAN_SECONDS: z.coerce.number().positive().default(300),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: string;
  defaultClient: string;
  holdMinutes: number;
  holdSweepSeconds: number;
  sessionDays: number;
  seedDemo: boolean;
  webDist: string;
  /**
   * HTTPS-only measures (Secure and prefixed cookies, HSTS, upgrade-insecure-requests): true or false when COOKIE_SECURE
   * says so; 'auto' (unset) on every request but plain HTTP to a loopback host, the demo on this machine (decision 075).
   */
  cookieSecure: boolean | 'auto';
  /** The session cookie's Domain in one-origin mode (COOKIE_DOMAIN); the split uses each request's parent domain. */
  cookieDomain: string | undefined;
  trustProxy: boolean;
  geocoder: { kind: 'embedded' } | { kind: 'http'; url: string; key: string };
  mapTileUrl: string;
  timetableCacheMs: number;
  /**
   * How long a process remembers a live session and a user's derived state (SESSION_CACHE_MS; decision 115): the
   * longest a session ended through another process may still be honoured here. Off (0) by default in tests, which
   * change the database behind the app's back; 5 s otherwise.
   */
  sessionCacheMs: number;
  /** Stripe's keys; absent when the deployment does not use Stripe. STRIPE_API_URL points the SDK elsewhere (tests). */
  stripe: StripeConfig | null;
  /**
   * Each client's own card provider and account (PAYMENT_SETTINGS, JSON keyed by client identifier; decision 110).
   * A client listed here uses that provider whatever clients.payment_provider says; others use the column, with
   * the deployment's STRIPE_* keys for Stripe.
   */
  paymentSettings: PaymentSettings;
  loginThrottle: { perAccount: number; perAddress: number; windowMinutes: number };
  passwordResetMinutes: number;
  /** Password derivations at once per process, and how many may wait (PASSWORD_HASH_CONCURRENCY / _QUEUE). */
  passwordHashing: { running: number; waiting: number };
  /** SMTP connection URL for nodemailer; unset: email goes to the outbox table. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The origin of links in emails for a client without a domain (PUBLIC_ORIGIN). */
  publicOrigin: string;
  kioskIdleTimeoutMs: number;
  /**
   * The sub-domain split (SUBDOMAINS, e.g. 'bookings,myaccount'): each request's host names the parent domain of
   * that client's bookings and account sub-domains. Null: one origin, the account area under /account.
   */
  subdomains: Subdomains | null;
  /**
   * Durable jobs (apps/api/src/jobs): whether this process runs a worker, how often it looks for due jobs, how long a
   * claimed job is held before another process may take it over, how often a failing job is tried (first retry after
   * backoffSeconds, doubling, at most an hour apart) before it is parked as failed.
   */
  jobs: { worker: boolean; pollSeconds: number; leaseSeconds: number; maxAttempts: number; backoffSeconds: number };
  /** How often the reconciliation job looks for captures left unfinished (RECONCILE_SECONDS). */
  reconcileSeconds: number;
  /**
   * How long a capture may be under way before it is treated as abandoned (a crashed process): then the next complete
   * of that transaction, or the reconciliation job, takes it over (CAPTURE_GRACE_SECONDS; above the longest a live
   * capture can take, decision 070).
   */
  captureGraceSeconds: number;
  /**
   * The reminder email (decision 106): sent this many hours before a booked session (REMINDER_HOURS), by a periodic
   * scan every REMINDER_SCAN_SECONDS; each client may switch reminders off (clients.email_reminders_enabled).
   */
  reminders: { hours: number; scanSeconds: number };
  /**
   * What one customer may hold (decision 077): places in open baskets at once, open baskets, items per add. A client's
   * own setting (clients.max_places_held, ...) overrides each.
   */
  customerLimits: CustomerLimits;
};

export interface CustomerLimits {
  placesHeld: number;
  openBaskets: number;
  itemsPerRequest: number;
}

export function stripeConfig(secretKey: string, publishableKey?: string, webhookSecret?: string, apiUrl?: string): StripeConfig {
  const url = apiUrl ? new URL(apiUrl) : null;
  return {
    secretKey,
    publishableKey: publishableKey ?? null,
    webhookSecret: webhookSecret ?? null,
    ...(url
      ? {
          host: url.hostname,
          port: Number(url.port || (url.protocol === 'http:' ? 80 : 443)),
          protocol: url.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  };
}

/** Every setting, read once from the environment with its default. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const e = env.parse(source);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(userCwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    defaultClient: e.DEFAULT_CLIENT,
    holdMinutes: e.HOLD_MINUTES,
    holdSweepSeconds: e.HOLD_SWEEP_SECONDS,
    sessionDays: e.SESSION_DAYS,
    seedDemo: e.SEED_DEMO ?? true,
    webDist: path.resolve(userCwd, e.WEB_DIST),
    cookieSecure: e.COOKIE_SECURE ?? 'auto',
    cookieDomain: e.COOKIE_DOMAIN,
    trustProxy: e.TRUST_PROXY ?? false,
    geocoder: e.GEOCODER === 'http' && e.GEOCODER_KEY ? { kind: 'http', url: e.GEOCODER_URL, key: e.GEOCODER_KEY } : { kind: 'embedded' },
    mapTileUrl: e.MAP_TILE_URL,
    timetableCacheMs: e.TIMETABLE_CACHE_MS,
    sessionCacheMs: e.SESSION_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 5000),
    stripe: e.STRIPE_SECRET_KEY
      ? {
          ...stripeConfig(e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET, e.STRIPE_API_URL),
          scriptUrl: e.STRIPE_JS_URL,
        }
      : null,
    paymentSettings: parsePaymentSettings(e.PAYMENT_SETTINGS),
    loginThrottle: {
      perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMinutes: e.LOGIN_THROTTLE_MINUTES,
    },
    passwordResetMinutes: e.PASSWORD_RESET_MINUTES,
    passwordHashing: { running: e.PASSWORD_HASH_CONCURRENCY, waiting: e.PASSWORD_HASH_QUEUE },
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    kioskIdleTimeoutMs: e.KIOSK_IDLE_TIMEOUT_MS,
    subdomains: parseSubdomains(e.SUBDOMAINS),
    jobs: {
      worker: e.JOBS_WORKER ?? true,
      pollSeconds: e.JOBS_POLL_SECONDS,
      leaseSeconds: e.JOBS_LEASE_SECONDS,
      maxAttempts: e.JOBS_MAX_ATTEMPTS,
      backoffSeconds: e.JOBS_BACKOFF_SECONDS,
    },
    reconcileSeconds: e.RECONCILE_SECONDS,
    captureGraceSeconds: e.CAPTURE_GRACE_SECONDS,
    customerLimits: {
      placesHeld: e.CUSTOMER_MAX_PLACES_HELD,
      openBaskets: e.CUSTOMER_MAX_OPEN_BASKETS,
      itemsPerRequest: e.CUSTOMER_MAX_ITEMS_PER_REQUEST,
    },
    reminders: { hours: e.REMINDER_HOURS, scanSeconds: e.REMINDER_SCAN_SECONDS },
  };
}
