import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFoundMessage } from '../../../components/error-pages';
import { usePage } from '../../../components/page-meta';
import { Photo } from '../../../components/photo';
import { PageSpinner } from '../../../components/spinner';
import { statusOf } from '../../../lib/api';
import { useCategories } from '../api/get-categories';
import { useVenueContext } from '../use-venue-context';

/** /location/:venueSlug: the venue's activities (root categories). */
export function ChooseActivityPage() {
  const { t } = useTranslation('activities');
  const venueSlug = useParams().venueSlug ?? '';
  const { venue } = useVenueContext(venueSlug);
  const categories = useCategories(venueSlug);
  usePage({
    title: venue.data ? `${t('chooseActivity')} ${t('at', { venue: venue.data.name })}` : t('chooseActivity'),
    crumbs: venue.data ? [{ label: venue.data.name }] : undefined,
  });

  if (statusOf(venue.error) === 404 || statusOf(categories.error) === 404) return <NotFoundMessage />;
  if (!venue.data || categories.isPending) return <PageSpinner label={t('chooseActivity')} />;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-4xl font-bold">{t('chooseActivity')}</h1>
        <p className="mt-1 text-lg">{t('at', { venue: venue.data.name })}</p>
      </div>
      {categories.data?.length === 0 ? <p>{t('noActivities')}</p> : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {categories.data?.map((category, index) => (
          <li key={category.slug}>
            <Link
              to={`/location/${venueSlug}/${category.slug}`}
              className="flex h-full flex-col overflow-hidden rounded-lg border border-gray-300 text-xl font-bold hover:border-primary hover:bg-primary-50"
            >
              {category.photo ? (
                <Photo
                  photo={category.photo}
                  decorative
                  // The first card is on screen as the page opens (on a phone, the page's largest paint).
                  eager={index === 0}
                  sizes="(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw"
                  className="aspect-[16/9]"
                />
              ) : null}
              <span className="flex min-h-20 items-center justify-between gap-4 p-5">
                <span>{category.name}</span>
                <ChevronRight aria-hidden="true" className="size-6 text-primary-text" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
