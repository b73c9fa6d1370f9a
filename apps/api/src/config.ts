import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
  TIMETABLE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
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
  cookieDomain: string | undefined;
  trustProxy: boolean;
  geocoder: { kind: 'embedded' } | { kind: 'http'; url: string; key: string };
  mapTileUrl: string;
  timetableCacheMs: number;
};

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
  };
}
