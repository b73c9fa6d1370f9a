import { Map as MapIcon, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { usePage } from '../../../components/page-meta';
import { Photo } from '../../../components/photo';
import { PageSpinner } from '../../../components/spinner';
import { selectVenue, useSelectedVenue } from '../../../lib/selected-venue';
import { useClient } from '../../tenancy';
import { useVenues, type VenueInfo } from '../api/get-venues';

const addressOf = (v: VenueInfo) => [v.address1, v.address2, v.town, v.postcode].filter(Boolean).join(', ');

/** The client's welcome (decision 170): its photo with a heading and a line of text over a tint that keeps them legible. */
function Hero() {
  const { data: client } = useClient();
  const hero = client?.hero;
  if (!hero) return null;
  return (
    <section aria-label={hero.title} className="relative overflow-hidden rounded-lg bg-gray-900 text-white">
      {hero.photo ? (
        <Photo photo={hero.photo} sizes="(min-width: 1280px) 1216px, 100vw" eager className="aspect-[16/9] max-h-96 sm:aspect-[21/9]" />
      ) : null}
      <div className="flex flex-col gap-2 bg-gray-900 p-5 sm:absolute sm:inset-x-0 sm:bottom-0 sm:bg-gray-900/85 sm:p-6">
        <p className="text-2xl font-bold sm:text-3xl">{hero.title}</p>
        <p className="text-lg">{hero.text}</p>
      </div>
    </section>
  );
}

/** Home: choose the venue to book at. Choosing selects it (kept in a cookie) and opens its activities. */
export function HomePage() {
  const { t } = useTranslation('home');
  const { t: tv } = useTranslation('venues');
  usePage({ title: t('title') });
  const { data: venues, isPending } = useVenues();
  const selected = useSelectedVenue();
  const navigate = useNavigate();

  const choose = (venue: VenueInfo) => {
    selectVenue(venue.slug);
    navigate(`/location/${venue.slug}`);
  };

  return (
    <div className="flex flex-col gap-6">
      <Hero />
      <div>
        <h1 className="text-4xl font-bold">{t('title')}</h1>
        <p className="mt-2 text-lg">{t('intro')}</p>
        <Link
          to="/venues/search"
          className="mt-3 inline-flex min-h-11 items-center gap-2 font-bold text-primary-text underline underline-offset-2 hover:no-underline"
        >
          <MapIcon aria-hidden="true" className="size-5" />
          {tv('search.link')}
        </Link>
      </div>
      {isPending ? <PageSpinner label={t('title')} /> : null}
      {venues && venues.length === 0 ? <p>{t('noVenues')}</p> : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {venues?.map((venue) => (
          <li key={venue.slug} className="flex flex-col gap-3 overflow-hidden rounded-lg border border-gray-300">
            {venue.photo ? (
              <Photo photo={venue.photo} sizes="(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw" className="aspect-[16/9]" />
            ) : null}
            <div className="flex flex-1 flex-col gap-3 px-5 pb-5">
              <h2 className="text-2xl font-bold">{venue.name}</h2>
              {selected === venue.slug ? (
                <p className="self-start rounded-full bg-secondary-1 px-3 py-0.5 text-sm font-bold text-gray-900">{t('selected')}</p>
              ) : null}
              <p className="flex items-start gap-2">
                <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0" />
                <span>{addressOf(venue)}</span>
              </p>
              <div className="mt-auto flex flex-wrap items-center gap-4">
                <Button onPress={() => choose(venue)} aria-label={t('chooseVenue', { name: venue.name })}>
                  {t('choose')}
                </Button>
                <Link
                  to={`/centre/${venue.slug}`}
                  aria-label={t('detailsFor', { name: venue.name })}
                  className="text-primary-text underline underline-offset-2 hover:no-underline"
                >
                  {t('details')}
                </Link>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
