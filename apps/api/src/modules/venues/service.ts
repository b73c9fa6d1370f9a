import { dateFormats, dayjs, type Venue } from '@app/contracts';
import type { Ctx } from '../../http/context';
import { notFound } from '../../lib/errors';
import { findVenueById, findVenueBySlug, listVenues, type VenueRow } from './queries';

export function toVenue(v: VenueRow, now: Date): Venue {
  const migration = v.activitiesV2MigrationDate;
  return {
    id: v.id,
    venue_id: v.id,
    slug: v.slug,
    name: v.name,
    address1: v.address1,
    address2: v.address2,
    town: v.town,
    area: v.area,
    postcode: v.postcode,
    opening_times: v.openingTimes,
    coordinates: v.latitude !== null && v.longitude !== null ? { latitude: v.latitude, longitude: v.longitude } : null,
    lat: v.latitude,
    lng: v.longitude,
    activities_v2_enabled: migration !== null && migration <= dayjs(now).format(dateFormats.daySlug),
    activities_v2_migration_date: migration,
    display_venue_selection_button: v.displayVenueSelectionButton,
    created_at: v.createdAt.toISOString(),
  };
}

export async function venues(c: Ctx): Promise<Venue[]> {
  const now = c.clock.now();
  return (await listVenues(c.db, c.client.id)).map((v) => toVenue(v, now));
}

/** A venue by slug, or by numeric id (the spec's {venueIdentifier} may be either). */
export async function requireVenue(c: Ctx, identifier: string): Promise<VenueRow> {
  const venue = /^\d+$/.test(identifier)
    ? await findVenueById(c.db, c.client.id, Number(identifier))
    : await findVenueBySlug(c.db, c.client.id, identifier);
  if (!venue) throw notFound();
  return venue;
}
