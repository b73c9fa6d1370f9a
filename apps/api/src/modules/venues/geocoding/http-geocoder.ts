import { type Geocoder, GeocoderUnavailable } from './geocoder';

/**
 * A geocoding service over HTTP, in the Mapbox Geocoding v5 shape ({base}/{term}.json?country=gb&access_token={key},
 * answering GeoJSON features whose `center` is [longitude, latitude]), restricted to Great Britain.
 */
export function httpGeocoder(baseUrl: string, accessKey: string, timeoutMs = 3000): Geocoder {
  return {
    name: 'http',
    async geocode(term) {
      const url = `${baseUrl.replace(/\/$/, '')}/${encodeURIComponent(term)}.json?country=gb&limit=1&access_token=${encodeURIComponent(accessKey)}`;
      let res: Response;
      try {
        res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      } catch {
        throw new GeocoderUnavailable('geocoder unreachable');
      }
      if (!res.ok) throw new GeocoderUnavailable(`geocoder answered ${res.status}`);
      const body = (await res.json()) as { features?: { center?: [number, number]; place_name?: string }[] };
      const feature = body.features?.[0];
      if (!feature?.center) return null;
      const [longitude, latitude] = feature.center;
      return { latitude, longitude, label: feature.place_name ?? term };
    },
  };
}
