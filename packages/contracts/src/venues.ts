import { photo } from './photos';
import { z } from './zod-setup';

export const venue = z.object({
  id: z.int32(),
  venue_id: z.int32(),
  slug: z.string(),
  name: z.string(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  town: z.string().nullable(),
  area: z.string().nullable(),
  postcode: z.string().nullable(),
  opening_times: z.array(z.object({ day: z.string(), opens: z.string(), closes: z.string() })),
  coordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  activities_v2_enabled: z.boolean(),
  activities_v2_migration_date: z.string().nullable(),
  display_venue_selection_button: z.boolean(),
  /** Ours (issue 13, decision 170): what a visitor needs before they come, as the operator writes it. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  facilities: z.array(z.string()),
  accessibility: z.string().nullable(),
  parking: z.string().nullable(),
  /** Shown on the booking confirmation for a session here: where to go and when to arrive. */
  arrival_info: z.string().nullable(),
  photo: photo.nullable(),
  created_at: z.string(),
});
export type Venue = z.infer<typeof venue>;

export const venueParams = z.object({ venueIdentifier: z.string().min(1).max(255) });

/** The map's default view: the spec's default radius, centred in northern England. */
export const mapDefaults = { centre: { latitude: 54.2, longitude: -1.8 }, radiusMiles: 5 } as const;

export const venueSearchResult = z.object({
  search_term: z.string().nullable(),
  searched: z.object({ latitude: z.number(), longitude: z.number(), label: z.string() }).nullable(),
  radius: z.number(),
  venues: z.array(venue.extend({ distance_miles: z.number() })),
  no_venues_found: z.boolean(),
  message: z.string().nullable(),
});
export type VenueSearchResult = z.infer<typeof venueSearchResult>;
