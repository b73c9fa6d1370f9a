import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseSubdomains, type Subdomains } from './http/subdomains';
import type { StripeConfig } from './payments/providers/stripe';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** npm runs workspace scripts inside the workspace; relative paths mean relative to where the user typed. */
const userCwd = process.env.INIT_CWD ?? process.cwd();

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
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
  TIMETABLE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  LOGIN_THROTTLE_MINUTES: z.coerce.number().positive().default(15),
  PASSWORD_RESET_MINUTES: z.coerce.number().positive().default(60),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Bookings <no-reply@localhost>'),
  KIOSK_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(90_000),
  SUBDOMAINS: z.string().optional(),
  JOBS_WORKER: bool,
  JOBS_POLL_SECONDS: z.coerce.number().positive().default(2),
  JOBS_LEASE_SECONDS: z.coerce.number().positive().default(300),
  JOBS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  JOBS_BACKOFF_SECONDS: z.coerce.number().positive().default(10),
  RECONCILE_SECONDS: z.coerce.number().positive().default(60),
  CAPTURE_GRACE_SECONDS: z.coerce.number().positive().default(120),
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
  cookieSecure: boolean;
  /** The session cookie's Domain in one-origin mode (COOKIE_DOMAIN); the split uses each request's parent domain. */
  cookieDomain: string | undefined;
  trustProxy: boolean;
  geocoder: { kind: 'embedded' } | { kind: 'http'; url: string; key: string };
  mapTileUrl: string;
  timetableCacheMs: number;
  /** Stripe's keys; absent when the deployment does not use Stripe. STRIPE_API_URL points the SDK elsewhere (tests). */
  stripe: StripeConfig | null;
  loginThrottle: { perAccount: number; perAddress: number; windowMinutes: number };
  passwordResetMinutes: number;
  /** SMTP connection URL for nodemailer; unset: email goes to the outbox table. */
  smtpUrl: string | undefined;
  mailFrom: string;
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
};

function stripeConfig(secretKey: string, publishableKey?: string, webhookSecret?: string, apiUrl?: string): StripeConfig {
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
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    cookieDomain: e.COOKIE_DOMAIN,
    trustProxy: e.TRUST_PROXY ?? false,
    geocoder: e.GEOCODER === 'http' && e.GEOCODER_KEY ? { kind: 'http', url: e.GEOCODER_URL, key: e.GEOCODER_KEY } : { kind: 'embedded' },
    mapTileUrl: e.MAP_TILE_URL,
    timetableCacheMs: e.TIMETABLE_CACHE_MS,
    stripe: e.STRIPE_SECRET_KEY
      ? stripeConfig(e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET, e.STRIPE_API_URL)
      : null,
    loginThrottle: {
      perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMinutes: e.LOGIN_THROTTLE_MINUTES,
    },
    passwordResetMinutes: e.PASSWORD_RESET_MINUTES,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
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
  };
}
