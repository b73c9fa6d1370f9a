import type { Photo as PhotoData } from '@app/contracts';
import type { Camelize } from '../lib/api';

/**
 * A photo from the API (decision 170): every width in srcset with the sizes it is shown at, and its intrinsic
 * width and height so the page does not shift while it loads; lazy unless it is the first thing on the page, which is
 * fetched first of the page's images (it is usually the page's largest paint, issue 12).
 */
export function Photo({
  photo,
  sizes,
  className = '',
  eager = false,
  decorative = false,
}: {
  photo: Camelize<PhotoData>;
  sizes: string;
  className?: string;
  eager?: boolean;
  /** Beside words that already say what it shows (a link's name): hidden from screen readers. */
  decorative?: boolean;
}) {
  return (
    <img
      src={photo.src}
      srcSet={photo.srcset}
      sizes={sizes}
      width={photo.width}
      height={photo.height}
      alt={decorative ? '' : photo.alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      className={`h-auto w-full object-cover ${className}`}
    />
  );
}
