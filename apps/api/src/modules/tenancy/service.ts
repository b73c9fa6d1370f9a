import {
  type Client,
  currencySymbol,
  defaultTheme,
  mapDefaults,
  type Theme,
  type ThemeUpdateBody,
  themeColourFields,
  theme as themeSchema,
} from '@app/contracts';
import { validateColour, validateTintFactor } from '@app/domain';
import type { Conn } from '../../db/client';
import type { AuthedCtx, Ctx } from '../../http/context';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { sanitizeOperatorHtml } from '../../lib/sanitize';
import { findVenueBySlug } from '../venues/queries';
import { findThemeSettings, isUnderMaintenance, mergeThemeSettings, setMaintenance } from './queries';

/**
 * The client as the app needs it. `areas` are this request's bookings and account origins under the sub-domain
 * split (see areaOrigins); without it, both areas are on this origin, the account area under /account.
 */
export function describeClient(c: Ctx, areas: { bookings: string; account: string } | null): Client {
  const { client } = c;
  return {
    id: client.id,
    identifier: client.identifier,
    name: client.name,
    currency: { code: client.currency, symbol: currencySymbol(client.currency) },
    timezone: client.timezone,
    features: {
      online_joining_enabled: client.features.onlineJoiningEnabled,
      camps_and_courses_booking_enabled: client.features.campsAndCoursesBookingEnabled,
      online_guest_passes_enabled: client.features.onlineGuestPassesEnabled,
    },
    terms: client.termsHtml ? sanitizeOperatorHtml(client.termsHtml) : null,
    map: { tile_url: c.config.mapTileUrl, default_centre: mapDefaults.centre, default_radius: mapDefaults.radiusMiles },
    kiosk_idle_timeout_ms: c.config.kioskIdleTimeoutMs,
    account_url: areas?.account ?? '/account',
    bookings_url: areas?.bookings ?? '/',
    logo_url: client.logoUrl,
    icon_url: client.iconUrl,
    hero: client.hero,
  };
}

const themeKeys = Object.keys(defaultTheme) as (keyof Theme)[];

/** One layer over another, field by field: a stored value that no longer validates is skipped, not fatal. */
function overlay(base: Theme, settings: Record<string, unknown>): Theme {
  const out: Record<string, unknown> = { ...base };
  for (const key of themeKeys) {
    const value = settings[key];
    if (value === undefined || (value === null && key !== 'theme_app_logo')) continue;
    const field = themeSchema.shape[key].safeParse(value);
    if (field.success) out[key] = field.data;
  }
  return out as Theme;
}

async function venueIdOf(c: Ctx, venueSlug: string | undefined): Promise<number | null> {
  if (!venueSlug) return null;
  const venue = await findVenueBySlug(c.db, c.client.id, venueSlug);
  if (!venue) throw notFound();
  return venue.id;
}

/**
 * The theme is the spec's defaults, overlaid by the client's theme, overlaid by the venue's. Under planned
 * maintenance the call answers 503, which the app turns into the maintenance page. An unknown venue is a 404: the
 * app then asks again without one (doc 1, section 4).
 */
export async function resolveTheme(c: Ctx, venueSlug: string | undefined): Promise<Theme> {
  if (await isUnderMaintenance(c.db, c.client.id)) throw new AppError('maintenance');
  return themeOf(c, await venueIdOf(c, venueSlug));
}

/** The client's own theme (no venue), for what is made outside a request: the emails (notifications/brand.ts). */
export async function clientTheme(db: Conn, clientId: number): Promise<Theme> {
  return overlay(defaultTheme, (await findThemeSettings(db, clientId, null)).client);
}

async function themeOf(c: Ctx, venueId: number | null): Promise<Theme> {
  const stored = await findThemeSettings(c.db, c.client.id, venueId);
  return overlay(overlay(defaultTheme, stored.client), stored.venue);
}

/**
 * A staff member changes the client's theme, or a venue's override when a venue is named. Colours must be hex (3 or
 * 6 digits) or an RGB triple, checked by the domain's validateColour so the spec's messages come back per field;
 * they are stored as '#rrggbb'. A null removes that field's setting (the venue then follows the client, the client
 * the defaults). Nothing is written when any field is invalid.
 */
export async function updateTheme(c: AuthedCtx, venueSlug: string | undefined, body: ThemeUpdateBody): Promise<Theme> {
  const errors: Record<string, string[]> = {};
  const changes: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'tint_factor') {
      const message = validateTintFactor(value);
      if (message) errors[key] = [message];
      continue;
    }
    if (value !== null && (themeColourFields as readonly string[]).includes(key)) {
      const check = validateColour(value);
      if (!check.ok) errors[key] = [check.message];
      else changes[key] = check.hex;
      continue;
    }
    changes[key] = value as string | null;
  }
  if (Object.keys(errors).length > 0) throw fieldError(errors);
  const venueId = await venueIdOf(c, venueSlug);
  // Only the fields sent change, merged into the row by one statement, so staff saving different fields at the same
  // moment keep each other's changes. A null removes the setting, except the logo's, where null is a setting (no logo).
  const set: Record<string, string | null> = {};
  const remove: string[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if (value === null && key !== 'theme_app_logo') remove.push(key);
    else set[key] = value;
  }
  await mergeThemeSettings(c.db, c.client.id, venueId, { set, remove }, c.clock.now());
  // Staff may prepare the theme during planned maintenance: they get what they saved, not the 503 customers get.
  return themeOf(c, venueId);
}

export async function switchMaintenance(c: AuthedCtx, maintenance: boolean): Promise<{ maintenance: boolean }> {
  await setMaintenance(c.db, c.client.id, maintenance);
  return { maintenance };
}

export async function footerHtml(c: Ctx, venueSlug: string | undefined): Promise<string> {
  if (!venueSlug) return '';
  const venue = await findVenueBySlug(c.db, c.client.id, venueSlug);
  if (!venue) throw notFound();
  return venue.footerHtml ? sanitizeOperatorHtml(venue.footerHtml) : '';
}
