import type { Hero, Photo } from '@app/contracts';

/** The widths `scripts/demo-images.mjs` writes each demo photo at (16:9). */
const widths = [480, 960] as const;

/** A demo photo shipped in apps/web/public/images (decision 170): both widths in srcset, the largest's size. */
export function demoPhoto(kind: 'hero' | 'venues' | 'activities', slug: string, alt: string): Photo {
  const url = (w: number) => `/images/${kind}/${slug}-${w}.png`;
  return {
    src: url(widths[0]),
    srcset: widths.map((w) => `${url(w)} ${w}w`).join(', '),
    width: widths[1],
    height: (widths[1] * 9) / 16,
    alt,
  };
}

export const demoHeroes: Record<string, Hero> = {
  northfield: {
    title: 'Get active with Northfield Leisure',
    text: 'Classes, courts, pools and holiday camps across Harrogate, Ripon and Knaresborough. Book in a minute, from any phone.',
    photo: demoPhoto('hero', 'northfield', 'Hills at sunrise over the Nidd valley'),
  },
  riverside: {
    title: 'Riverside Sports Trust: sport for everyone',
    text: 'Gyms, courts and swimming in Shrewsbury and Ludlow. Join online and book your first session today.',
    photo: demoPhoto('hero', 'riverside', 'The river Severn at dawn'),
  },
};

/** Photos of the top-level activities, by slug (the same for both demo clients). */
export const activityPhotoAlt: Record<string, string> = {
  'fitness-classes': 'A spin class in the studio',
  'racket-sports': 'A badminton court ready for play',
  swimming: 'The main pool with lanes set out',
  'holiday-camps': 'Children playing on the sports field',
  gym: 'Weights and machines in the gym',
};

/** What a visitor needs before they come to a demo venue (decision 170). */
export function demoVenueInfo(v: { slug: string; name: string; town: string }) {
  const pools = v.slug !== 'knaresborough';
  return {
    phone: '01234 567890',
    email: `${v.slug}@leisure.example`,
    facilities: ['Gym', 'Fitness studio', 'Sports hall with badminton courts', ...(pools ? ['25 m pool', 'Changing village'] : []), 'Café'],
    accessibility:
      'Step-free entrance and lift to every floor. Accessible changing rooms and toilets; a pool hoist on request. Assistance dogs welcome.',
    parking: `Free car park for 120 cars beside the centre, with 8 accessible bays by the entrance. Cycle racks at the front. ${v.town} station is a 10-minute walk.`,
    arrivalInfo: `Please arrive 10 minutes before your session and check in at reception in ${v.name}. Bring a water bottle and a towel; lockers take a £1 coin.`,
    photo: demoPhoto('venues', v.slug, `The entrance of ${v.name}`),
  };
}
