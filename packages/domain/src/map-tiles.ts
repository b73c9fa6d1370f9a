import { METRES_PER_MILE } from './geo';

/**
 * Slippy-map arithmetic for the venue map: Web Mercator tiles of 256 px, addressed {z}/{x}/{y} as OpenStreetMap and
 * most tile servers serve them. The app draws the tiles itself, so it needs no map library and nothing at build time.
 */
export const TILE_SIZE = 256;
export const MIN_ZOOM = 3;
export const MAX_ZOOM = 16;

/** Metres one pixel covers at the equator at zoom 0. */
const EQUATOR_METRES_PER_PIXEL = 156_543.033_92;
/** Mercator is undefined at the poles; tile servers stop at about ±85.05°. */
const MAX_SIN = 0.9999;

export interface LatLng {
  lat: number;
  lng: number;
}

export interface Point {
  x: number;
  y: number;
}

/** A point's position in the whole world's pixels at a zoom (0,0 is the north-west corner). */
export function worldPixel({ lat, lng }: LatLng, zoom: number): Point {
  const scale = TILE_SIZE * 2 ** zoom;
  const sin = Math.min(MAX_SIN, Math.max(-MAX_SIN, Math.sin((lat * Math.PI) / 180)));
  return {
    x: ((lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

/**
 * The closest zoom at which a circle of `radiusMiles` around a latitude fits within `pixels` of the centre (half the
 * map's smaller side). A radius of 0 shows the street around the point.
 */
export function zoomForRadius(lat: number, radiusMiles: number, pixels: number): number {
  const metres = Math.max(radiusMiles, 0.25) * METRES_PER_MILE;
  const zoom = Math.floor(Math.log2((EQUATOR_METRES_PER_PIXEL * Math.cos((lat * Math.PI) / 180) * pixels) / metres));
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

export interface PlacedTile {
  key: string;
  z: number;
  x: number;
  y: number;
  /** Where the tile's top-left corner goes, in px from the viewport's top-left corner. */
  left: number;
  top: number;
}

/** The tiles that cover a `width` × `height` viewport centred on a point, each with its place in the viewport. */
export function tilesFor(centre: LatLng, zoom: number, width: number, height: number): PlacedTile[] {
  const c = worldPixel(centre, zoom);
  const originX = c.x - width / 2;
  const originY = c.y - height / 2;
  const count = 2 ** zoom;
  const tiles: PlacedTile[] = [];
  for (let ty = Math.floor(originY / TILE_SIZE); ty <= Math.floor((originY + height - 1) / TILE_SIZE); ty++) {
    if (ty < 0 || ty >= count) continue;
    for (let tx = Math.floor(originX / TILE_SIZE); tx <= Math.floor((originX + width - 1) / TILE_SIZE); tx++) {
      // Longitude wraps round the world; latitude does not.
      const x = ((tx % count) + count) % count;
      tiles.push({ key: `${zoom}/${tx}/${ty}`, z: zoom, x, y: ty, left: tx * TILE_SIZE - originX, top: ty * TILE_SIZE - originY });
    }
  }
  return tiles;
}

/** Where a point falls in a viewport centred on `centre` (px from the top-left), or null when it is outside it. */
export function pointInView(point: LatLng, centre: LatLng, zoom: number, width: number, height: number): Point | null {
  const p = worldPixel(point, zoom);
  const c = worldPixel(centre, zoom);
  const x = p.x - c.x + width / 2;
  const y = p.y - c.y + height / 2;
  return x >= 0 && x <= width && y >= 0 && y <= height ? { x, y } : null;
}

/** A tile's address from the operator's template: {z}, {x} and {y}, and {s} (a sub-domain) as 'a'. */
export const tileUrl = (template: string, z: number, x: number, y: number): string =>
  template.replaceAll('{z}', String(z)).replaceAll('{x}', String(x)).replaceAll('{y}', String(y)).replaceAll('{s}', 'a');
