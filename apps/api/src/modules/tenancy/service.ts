import { type Client, currencySymbol, defaultTheme, mapDefaults, type Theme, theme as themeSchema } from '@app/contracts';
import type { Ctx } from '../../http/context';
import { notFound } from '../../lib/errors';
import { sanitizeOperatorHtml } from '../../lib/sanitize';
import { findVenueBySlug } from '../venues/queries';
import { findThemeSettings } from './queries';

export function describeClient(c: Ctx): Client {
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
  };
}

/**
 * The theme is the spec's defaults, overlaid by the client's theme, overlaid by the venue's. A stored value that
 * no longer validates is skipped rather than breaking every page.
 */
export async function resolveTheme(c: Ctx, venueSlug: string | undefined): Promise<Theme> {
  let venueId: number | null = null;
  if (venueSlug) {
    const venue = await findVenueBySlug(c.db, c.client.id, venueSlug);
    if (!venue) throw notFound();
    venueId = venue.id;
  }
  const stored = await findThemeSettings(c.db, c.client.id, venueId);
  const merged = { ...defaultTheme, ...stored.client, ...stored.venue };
  const parsed = themeSchema.safeParse(merged);
  return parsed.success ? parsed.data : defaultTheme;
}

export async function footerHtml(c: Ctx, venueSlug: string | undefined): Promise<string> {
  if (!venueSlug) return '';
  const venue = await findVenueBySlug(c.db, c.client.id, venueSlug);
  if (!venue) throw notFound();
  return venue.footerHtml ? sanitizeOperatorHtml(venue.footerHtml) : '';
}
