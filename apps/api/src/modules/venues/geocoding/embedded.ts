import { normalisePostcode } from '@app/domain';
import { gazetteer } from './gazetteer';
import type { Geocoder, Place } from './geocoder';

export interface KnownPostcode {
  postcode: string;
  latitude: number;
  longitude: number;
}

const simplify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The geocoder that needs no network: towns from the gazetteer, and postcodes the operator's own venues use (a full
 * postcode, or its outward district such as 'HG1', which resolves to the middle of the venues there).
 */
export function embeddedGeocoder(knownPostcodes: (clientId: number) => Promise<KnownPostcode[]>): Geocoder {
  const towns = gazetteer.map(([name, latitude, longitude]) => ({ key: simplify(name), place: { latitude, longitude, label: name } }));
  return {
    name: 'embedded',
    async geocode(term, clientId) {
      const key = simplify(term);
      if (!key) return null;
      const town = towns.find((t) => t.key === key) ?? towns.find((t) => t.key.startsWith(key) && key.length >= 3);
      if (town) return town.place;
      const code = normalisePostcode(term);
      const compact = code.replace(' ', '');
      const venues = await knownPostcodes(clientId);
      const exact = venues.find((v) => normalisePostcode(v.postcode) === code);
      if (exact) return { latitude: exact.latitude, longitude: exact.longitude, label: code };
      const outward = compact.length >= 5 ? code.split(' ')[0] : compact;
      const district = venues.filter((v) => normalisePostcode(v.postcode).split(' ')[0] === outward);
      if (district.length === 0) return null;
      const place: Place = {
        latitude: district.reduce((n, v) => n + v.latitude, 0) / district.length,
        longitude: district.reduce((n, v) => n + v.longitude, 0) / district.length,
        label: outward ?? code,
      };
      return place;
    },
  };
}
