/** A place a search term or postcode resolved to. */
export interface Place {
  latitude: number;
  longitude: number;
  label: string;
}

/**
 * Turns a town or postcode into coordinates, restricted to Great Britain. The embedded geocoder needs no network;
 * the HTTP one is configured with a URL and an access key (see config: GEOCODER, GEOCODER_URL, GEOCODER_KEY).
 */
export interface Geocoder {
  readonly name: string;
  /** The client's own venues help the embedded geocoder with their postcodes. */
  geocode(term: string, clientId: number): Promise<Place | null>;
}

export class GeocoderUnavailable extends Error {}
