import { dateFormats, dayjs, INT32_MAX, ourMessages, type Venue, type VenueSearchResult } from '@app/contracts';
import { venuesWithin } from '@app/domain';
import type { Ctx } from '../../http/context';
import { notFound } from '../../lib/errors';
import { GeocoderUnavailable, type Place } from './geocoding';
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
    phone: v.phone,
    email: v.email,
    facilities: v.facilities,
    accessibility: v.accessibility,
    parking: v.parking,
    arrival_info: v.arrivalInfo,
    photo: v.photo,
    created_at: v.createdAt.toISOString(),
  };
}

export async function venues(c: Ctx): Promise<Venue[]> {
  const now = c.clock.now();
  return (await listVenues(c.db, c.client.id)).map((v) => toVenue(v, now));
}

/** A venue by slug, or by numeric id (the spec's {venueIdentifier} may be either). Cached briefly per client. */
export async function requireVenue(c: Ctx, identifier: string): Promise<VenueRow> {
  const id = /^\d+$/.test(identifier) ? Number(identifier) : undefined;
  // An id past PostgreSQL's integer cannot name a venue (and the query would fail): not found, not a 500.
  if (id !== undefined && id > INT32_MAX) throw notFound();
  const venue = await c.cache.get(`venue:${c.client.id}:${identifier}`, () =>
    id !== undefined ? findVenueById(c.db, c.client.id, id) : findVenueBySlug(c.db, c.client.id, identifier),
  );
  if (!venue) throw notFound();
  return venue;
}

/**
 * Venues within a radius (miles, 0-30, default 5) of a searched town or postcode, or of the customer's own location,
 * nearest first. Venues without usable coordinates are left out. A place we cannot find, or none nearby, is a
 * normal answer with a message, not an error.
 */
export async function searchVenues(
  c: Ctx,
  q: { search?: string | undefined; postcode?: string | undefined; lat?: number | undefined; lng?: number | undefined; radius: number },
): Promise<VenueSearchResult> {
  const term = q.postcode ?? q.search ?? null;
  let searched: Place | null = null;
  if (q.lat !== undefined && q.lng !== undefined) searched = { latitude: q.lat, longitude: q.lng, label: 'Your location' };
  else if (term) {
    try {
      searched = await c.geocoder.geocode(term, c.client.id);
    } catch (err) {
      if (!(err instanceof GeocoderUnavailable)) throw err;
      return {
        search_term: term,
        searched: null,
        radius: q.radius,
        venues: [],
        no_venues_found: true,
        message: ourMessages.geocoderUnavailable,
      };
    }
  }
  if (!searched)
    return { search_term: term, searched: null, radius: q.radius, venues: [], no_venues_found: true, message: ourMessages.placeNotFound };
  const now = c.clock.now();
  const all = (await listVenues(c.db, c.client.id)).map((v) => toVenue(v, now));
  const near = venuesWithin(all, { lat: searched.latitude, lng: searched.longitude }, q.radius).map(({ distanceMiles, ...v }) => ({
    ...v,
    distance_miles: Math.round(distanceMiles * 10) / 10,
  }));
  return {
    search_term: term,
    searched,
    radius: q.radius,
    venues: near,
    no_venues_found: near.length === 0,
    message: near.length === 0 ? ourMessages.noVenuesNearby(q.radius) : null,
  };
}
