import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { NotFoundMessage } from '../../../components/error-pages';
import { usePage } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/spinner';
import { useProgrammeCategories } from '../api/get-programme-categories';
import { locationPrefix, type ProgrammeKind } from '../kinds';
import { useProgrammeVenue } from '../use-programme-venue';

/** /courses/location/:venueSlug and /camps/location/:venueSlug: the venue's course (or camp) categories. */
export function ProgrammeCategoriesPage({ kind }: { kind: ProgrammeKind }) {
  const { t } = useTranslation('courses');
  const venueSlug = useParams().venueSlug ?? '';
  const { venue, notFound } = useProgrammeVenue(venueSlug);
  const categories = useProgrammeCategories(kind, venueSlug);
  usePage({ title: t(`${kind}.title`), crumbs: venue.data ? [{ label: venue.data.name }, { label: t(`${kind}.title`) }] : undefined });

  if (notFound) return <NotFoundMessage />;
  if (!venue.data || categories.isPending) return <PageSpinner label={t(`${kind}.title`)} />;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-4xl font-bold">{t(`${kind}.title`)}</h1>
        <p className="mt-1 text-lg">{t('at', { venue: venue.data.name })}</p>
      </div>
      {categories.isError ? <Alert>{t(`${kind}.failed`)}</Alert> : null}
      {categories.data?.length === 0 ? <p>{t(`${kind}.noCategories`)}</p> : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {categories.data?.map((category) => (
          <li key={category.slug}>
            <Link
              to={`${locationPrefix(kind)}/${venueSlug}/${category.slug}`}
              className="flex min-h-20 items-center justify-between gap-4 rounded-lg border border-gray-300 p-5 hover:border-primary hover:bg-primary-50"
            >
              <span className="flex flex-col">
                <span className="text-xl font-bold">{category.name}</span>
                {category.group ? <span className="text-gray-700">{category.group}</span> : null}
              </span>
              <ChevronRight aria-hidden="true" className="size-6 text-primary-text" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
