import type { Hero } from '@app/contracts';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { TtlCache } from '../lib/cache';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import type { SharedDays } from '../modules/timetable/shared-day';
import type { Geocoder } from '../modules/venues/geocoding';
import type { PaymentProviders } from '../payments/providers';
import type { SessionCache } from './session-cache';

/** A client (tenant) as every request sees it. */
export interface Tenant {
  id: number;
  identifier: string;
  name: string;
  currency: string;
  timezone: string;
  domains: string[];
  features: { onlineJoiningEnabled: boolean; campsAndCoursesBookingEnabled: boolean; onlineGuestPassesEnabled: boolean };
  termsHtml: string | null;
  embeddingOrigins: string[];
  paymentProvider: string;
  /** Set when the operator has switched paid bookings off: prepare answers 403 with it. */
  paidBookingDisabledMessage: string | null;
  /** The operator's logo, for the header and favicon; null when it has none. */
  logoUrl: string | null;
  /** A square mark for the browser tab. */
  iconUrl: string | null;
  /** The home page's welcome (decision 170). */
  hero: Hero | null;
}

export interface SessionUser {
  id: number;
  role: 'customer' | 'staff';
  tokenHash: string;
  /** How the session arrived: a cookie needs CSRF checks, a Bearer header does not. */
  via: 'cookie' | 'bearer';
}

/** What every service needs, built once per app. */
export interface Deps {
  db: Db;
  config: Config;
  clock: Clock;
  providers: PaymentProviders;
  /** Rarely changing reference data (venues, category trees), per process. */
  cache: TtlCache;
  /** Live sessions and logged-in users' derived state, for a few seconds per process (decision 115). */
  sessions: SessionCache;
  /** Days of sessions shared by visitors' and customers' timetables for TIMETABLE_CACHE_MS (decision 296). */
  days: SharedDays;
  geocoder: Geocoder;
  /** The app's logger (redacted, app.ts), for work that outlives its request such as sending email. */
  log: FastifyBaseLogger;
}

/** A service call's view of the request: the app's parts, the client and, when logged in, the user. */
export interface Ctx extends Deps {
  client: Tenant;
  user: SessionUser | null;
}

export interface AuthedCtx extends Ctx {
  user: SessionUser;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    client: Tenant;
    user: SessionUser | null;
  }
}

export const ctx = (req: FastifyRequest): Ctx => ({ ...req.server.deps, client: req.client, user: req.user });

export function authed(req: FastifyRequest): AuthedCtx {
  if (!req.user) throw new AppError('unauthenticated');
  return { ...req.server.deps, client: req.client, user: req.user };
}

/** A staff member's context; anyone else is refused with 403. */
export function staff(req: FastifyRequest): AuthedCtx {
  const c = authed(req);
  if (c.user.role !== 'staff') throw new AppError('forbidden');
  return c;
}
