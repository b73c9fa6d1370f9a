import { type LatLng, pointInView, tilesFor, tileUrl, validCoordinates, zoomForRadius } from '@app/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';

/** How long the map waits for a first tile before it gives up and leaves the list to do the work. */
const TILE_PATIENCE_MS = 8000;
const HEIGHT = 360;
const FALLBACK_WIDTH = 640;

export interface MapVenue {
  slug: string;
  name: string;
  lat: number | null;
  lng: number | null;
  /** The number the venue has in the list beside the map. */
  number: number;
}

interface VenueMapProps {
  tileUrl: string;
  centre: LatLng;
  radiusMiles: number;
  venues: MapVenue[];
  searchedLabel: string;
  /** What the picture shows, for a screen reader, where it is not a search's results (a venue's own page). */
  label?: string;
  /** What to say when the tiles cannot load; the search's note says the list carries on. */
  failedText?: string;
  /** Whether the searched place is marked (a blue dot); a venue's own page has no searched place. */
  markCentre?: boolean;
}

function useWidth(ref: React.RefObject<HTMLElement | null>) {
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * The venues on a map drawn from the operator's tiles (client.map.tile_url), with numbered pins matching the list.
 * The map is a picture for sighted users (role img); the list is the accessible way to the same venues. When tiles
 * cannot load (offline, blocked, no tile server) the map steps aside with a note and the list carries on alone.
 * Venues without usable coordinates are not pinned.
 */
export function VenueMap({
  tileUrl: template,
  centre,
  radiusMiles,
  venues,
  searchedLabel,
  label,
  failedText,
  markCentre = true,
}: VenueMapProps) {
  const { t } = useTranslation('venues');
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const [tiles, setTiles] = useState<'loading' | 'loaded' | 'failed'>('loading');

  useEffect(() => {
    if (tiles !== 'loading') return;
    const timer = setTimeout(() => setTiles('failed'), TILE_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [tiles]);

  if (tiles === 'failed') return <Alert tone="info">{failedText ?? t('map.failed')}</Alert>;

  const zoom = zoomForRadius(centre.lat, radiusMiles, Math.min(width, HEIGHT) / 2 - 16);
  const pins = venues.flatMap((v) => {
    if (!validCoordinates(v.lat, v.lng)) return [];
    const at = pointInView({ lat: v.lat, lng: v.lng as number }, centre, zoom, width, HEIGHT);
    return at ? [{ ...v, ...at }] : [];
  });
  const here = markCentre ? pointInView(centre, centre, zoom, width, HEIGHT) : null;

  return (
    <div
      ref={box}
      role="img"
      aria-label={label ?? `${t('map.label')}. ${t('map.searched', { place: searchedLabel })}`}
      className="relative w-full overflow-hidden rounded-lg border border-gray-300 bg-gray-100"
      style={{ height: HEIGHT }}
      data-tiles={tiles}
    >
      {tilesFor(centre, zoom, width, HEIGHT).map((tile) => (
        <img
          key={tile.key}
          src={tileUrl(template, tile.z, tile.x, tile.y)}
          alt=""
          width={256}
          height={256}
          draggable={false}
          className="pointer-events-none absolute max-w-none select-none"
          style={{ left: tile.left, top: tile.top }}
          onLoad={() => setTiles((s) => (s === 'loading' ? 'loaded' : s))}
          onError={() => setTiles((s) => (s === 'loaded' ? s : 'failed'))}
        />
      ))}
      {here ? (
        <span
          aria-hidden="true"
          className="absolute size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-blue-700 shadow"
          style={{ left: here.x, top: here.y }}
        />
      ) : null}
      {pins.map((pin) => (
        <span
          key={pin.slug}
          aria-hidden="true"
          title={pin.name}
          className="absolute flex size-8 -translate-x-1/2 -translate-y-full items-center justify-center rounded-full border-2 border-white bg-primary text-sm font-bold text-on-primary shadow"
          style={{ left: pin.x, top: pin.y }}
        >
          {pin.number}
        </span>
      ))}
      {template.includes('openstreetmap') ? (
        <span className="absolute right-0 bottom-0 bg-white/90 px-1 text-xs text-gray-900">{t('map.attribution')}</span>
      ) : null}
    </div>
  );
}
