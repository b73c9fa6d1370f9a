import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ZOOM, MIN_ZOOM, pointInView, TILE_SIZE, tilesFor, tileUrl, worldPixel, zoomForRadius } from './map-tiles';

const harrogate = { lat: 53.9921, lng: -1.5418 };
const ripon = { lat: 54.1381, lng: -1.524 };

describe('worldPixel', () => {
  it('puts 0,0 in the middle of the world and the date line at the edges', () => {
    expect(worldPixel({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
    expect(worldPixel({ lat: 0, lng: -180 }, 1).x).toBe(0);
    expect(worldPixel({ lat: 0, lng: 180 }, 1).x).toBe(512);
  });

  it('finds the OpenStreetMap tile that holds Harrogate at zoom 12', () => {
    const p = worldPixel(harrogate, 12);
    // The standard slippy-map formula (OpenStreetMap wiki) puts Harrogate in tile 12/2030/1315.
    expect([Math.floor(p.x / TILE_SIZE), Math.floor(p.y / TILE_SIZE)]).toEqual([2030, 1315]);
  });

  it('stays finite at the poles', () => {
    expect(Number.isFinite(worldPixel({ lat: 90, lng: 0 }, 3).y)).toBe(true);
    expect(Number.isFinite(worldPixel({ lat: -90, lng: 0 }, 3).y)).toBe(true);
  });
});

describe('zoomForRadius', () => {
  it('zooms out as the radius grows, within the zoom range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 29 }), (miles) => {
        const near = zoomForRadius(54, miles, 200);
        const far = zoomForRadius(54, miles + 1, 200);
        expect(far).toBeLessThanOrEqual(near);
        expect(near).toBeGreaterThanOrEqual(MIN_ZOOM);
        expect(near).toBeLessThanOrEqual(MAX_ZOOM);
      }),
    );
  });

  it('fits the circle: at the chosen zoom the radius is no wider than the pixels given', () => {
    const zoom = zoomForRadius(harrogate.lat, 5, 200);
    const east = { lat: harrogate.lat, lng: harrogate.lng + 5 / (69.17 * Math.cos((harrogate.lat * Math.PI) / 180)) };
    expect(worldPixel(east, zoom).x - worldPixel(harrogate, zoom).x).toBeLessThanOrEqual(200);
    expect(worldPixel(east, zoom + 1).x - worldPixel(harrogate, zoom + 1).x).toBeGreaterThan(200);
  });
});

describe('tilesFor', () => {
  it('covers the whole viewport with no gaps', () => {
    const tiles = tilesFor(harrogate, 12, 640, 400);
    const lefts = [...new Set(tiles.map((t) => t.left))].sort((a, b) => a - b);
    const tops = [...new Set(tiles.map((t) => t.top))].sort((a, b) => a - b);
    expect(lefts[0]).toBeLessThanOrEqual(0);
    expect(tops[0]).toBeLessThanOrEqual(0);
    expect((lefts.at(-1) ?? 0) + TILE_SIZE).toBeGreaterThanOrEqual(640);
    expect((tops.at(-1) ?? 0) + TILE_SIZE).toBeGreaterThanOrEqual(400);
    for (let i = 1; i < lefts.length; i++) expect((lefts[i] ?? 0) - (lefts[i - 1] ?? 0)).toBe(TILE_SIZE);
    expect(tiles).toHaveLength(lefts.length * tops.length);
  });

  it('wraps longitude and drops rows beyond the poles', () => {
    const tiles = tilesFor({ lat: 84, lng: 179.9 }, 3, 800, 800);
    for (const t of tiles) {
      expect(t.x).toBeGreaterThanOrEqual(0);
      expect(t.x).toBeLessThan(8);
      expect(t.y).toBeGreaterThanOrEqual(0);
      expect(t.y).toBeLessThan(8);
    }
  });
});

describe('pointInView', () => {
  it('puts the centre in the middle and a nearby town off-centre', () => {
    expect(pointInView(harrogate, harrogate, 10, 600, 400)).toEqual({ x: 300, y: 200 });
    const r = pointInView(ripon, harrogate, 10, 600, 400);
    expect(r?.y).toBeLessThan(200);
  });

  it('says null for a point outside the viewport', () => {
    expect(pointInView({ lat: 51.5, lng: -0.12 }, harrogate, 12, 600, 400)).toBeNull();
  });
});

describe('tileUrl', () => {
  it('fills the template', () => {
    expect(tileUrl('https://tile.example/{z}/{x}/{y}.png', 12, 2030, 1293)).toBe('https://tile.example/12/2030/1293.png');
    expect(tileUrl('https://{s}.tile.example/{z}/{x}/{y}.png', 1, 0, 1)).toBe('https://a.tile.example/1/0/1.png');
  });
});
