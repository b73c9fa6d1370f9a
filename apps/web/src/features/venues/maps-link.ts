/** What a venue's maps link needs: its name, its address in words, and its position where known. */
export interface MapsPlace {
  name: string;
  address: string;
  coordinates: { latitude: number; longitude: number } | null;
}

export interface MapsLink {
  href: string;
  /** 'app' opens the phone's own maps app (directions from where the customer is); 'web' a map in a new tab. */
  kind: 'app' | 'web';
}

const q = encodeURIComponent;

/**
 * The link that opens a venue in the customer's maps app (issue 13, brand: "a map"; decision 247): on Android a
 * `geo:` address, which the phone hands to whichever maps app the customer uses; on Apple devices Apple Maps' own
 * link, which opens the Maps app; elsewhere OpenStreetMap in a new tab. Nothing is fetched from another site until
 * the customer follows it. Without a position the address in words is searched.
 */
export function mapsLink(place: MapsPlace, userAgent: string): MapsLink {
  const c = place.coordinates;
  const at = c ? `${c.latitude},${c.longitude}` : null;
  if (/Android/i.test(userAgent)) {
    return { kind: 'app', href: at ? `geo:${at}?q=${at}(${q(place.name)})` : `geo:0,0?q=${q(`${place.name}, ${place.address}`)}` };
  }
  if (/iPhone|iPad|iPod|Macintosh/i.test(userAgent)) {
    return {
      kind: 'app',
      href: at
        ? `https://maps.apple.com/?q=${q(place.name)}&ll=${at}`
        : `https://maps.apple.com/?q=${q(`${place.name}, ${place.address}`)}`,
    };
  }
  return {
    kind: 'web',
    href: c
      ? `https://www.openstreetmap.org/?mlat=${c.latitude}&mlon=${c.longitude}#map=16/${c.latitude}/${c.longitude}`
      : `https://www.openstreetmap.org/search?query=${q(`${place.name}, ${place.address}`)}`,
  };
}
