import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, TextLink } from '../../../components/button';
import { selectVenue } from '../../../lib/selected-venue';
import type { FoundVenue } from '../api/search-venues';

const addressOf = (v: FoundVenue) => [v.address1, v.address2, v.town, v.postcode].filter(Boolean).join(', ');
const miles = (n: number) => (Math.round(n * 10) / 10).toFixed(1);

/** The venues found, nearest first and numbered as on the map, each with its distance and a way to book there. */
export function VenueResults({ venues }: { venues: FoundVenue[] }) {
  const { t } = useTranslation('venues');
  const navigate = useNavigate();
  return (
    <ol className="grid gap-4 sm:grid-cols-2">
      {venues.map((venue, i) => (
        <li key={venue.slug} className="flex gap-4 rounded-lg border border-gray-300 p-5">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-on-primary"
          >
            {i + 1}
          </span>
          <div className="flex flex-1 flex-col gap-2">
            <h3 className="text-xl font-bold">{venue.name}</h3>
            <p className="font-bold">
              {t('results.distance', { count: Number(miles(venue.distanceMiles)), miles: miles(venue.distanceMiles) })}
            </p>
            <p className="flex items-start gap-2">
              <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0" />
              <span>{addressOf(venue)}</span>
            </p>
            <div className="mt-auto flex flex-wrap items-center gap-4">
              <Button
                onPress={() => {
                  selectVenue(venue.slug);
                  navigate(`/location/${venue.slug}`);
                }}
                aria-label={t('results.chooseVenue', { name: venue.name })}
              >
                {t('results.choose')}
              </Button>
              <TextLink to={`/centre/${venue.slug}`} aria-label={t('results.detailsFor', { name: venue.name })}>
                {t('results.details')}
              </TextLink>
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}
