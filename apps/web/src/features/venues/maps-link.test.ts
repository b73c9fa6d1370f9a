import { describe, expect, it } from 'vitest';
import { mapsLink } from './maps-link';

const place = {
  name: 'Harrogate Leisure Centre',
  address: 'Station Parade, Harrogate, HG1 1TE',
  coordinates: { latitude: 53.9921, longitude: -1.5418 },
};
const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1';
const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

describe("a venue's maps link (decision 247)", () => {
  it("opens the phone's own maps app at the venue", () => {
    expect(mapsLink(place, android)).toEqual({ kind: 'app', href: 'geo:53.9921,-1.5418?q=53.9921,-1.5418(Harrogate%20Leisure%20Centre)' });
    expect(mapsLink(place, iphone)).toEqual({
      kind: 'app',
      href: 'https://maps.apple.com/?q=Harrogate%20Leisure%20Centre&ll=53.9921,-1.5418',
    });
  });

  it('opens a web map elsewhere, and searches the address where the position is not known', () => {
    expect(mapsLink(place, desktop)).toEqual({
      kind: 'web',
      href: 'https://www.openstreetmap.org/?mlat=53.9921&mlon=-1.5418#map=16/53.9921/-1.5418',
    });
    const unplaced = { ...place, coordinates: null };
    expect(mapsLink(unplaced, android).href).toBe(
      'geo:0,0?q=Harrogate%20Leisure%20Centre%2C%20Station%20Parade%2C%20Harrogate%2C%20HG1%201TE',
    );
    expect(mapsLink(unplaced, desktop).href).toBe(
      'https://www.openstreetmap.org/search?query=Harrogate%20Leisure%20Centre%2C%20Station%20Parade%2C%20Harrogate%2C%20HG1%201TE',
    );
  });
});
