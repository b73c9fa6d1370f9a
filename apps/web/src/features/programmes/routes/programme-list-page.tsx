import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/alert';
import { TextLink } from '../../../components/button';
import { NotFoundMessage } from '../../../components/error-pages';
import { usePage } from '../../../components/page-meta';
import { Pager } from '../../../components/pager';
import { PageSpinner } from '../../../components/spinner';
import { ProgrammeCard } from '../components/programme-card';
import type { ProgrammeKind } from '../kinds';
import { useProgrammeList } from '../use-programme-list';

/**
 * /courses/location/:venueSlug/:activitySlug (and camps): choose a course. A category that groups others lists
 * them; otherwise its courses, a page at a time, each with its details and a Book link.
 */
export function ProgrammeListPage({ kind }: { kind: ProgrammeKind }) {
  const { t } = useTranslation('courses');
  const list = useProgrammeList(kind);
  const { venue, category, programmes } = list;
  usePage({ title: category.data ? `${t(`${kind}.choose`)}: ${category.data.name}` : t(`${kind}.choose`), crumbs: list.crumbs });

  if (list.notFound) return <NotFoundMessage />;
  if (!venue.data || !category.data) return <PageSpinner label={t(`${kind}.choose`)} />;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-4xl font-bold">{category.data.name}</h1>
        <p className="mt-1 text-lg">{t('at', { venue: venue.data.name })}</p>
      </div>
      {list.children.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.children.map((child) => (
            <li key={child.slug}>
              <Link
                to={`${list.base}/${child.slug}`}
                className="flex min-h-20 items-center justify-between gap-4 rounded-lg border border-gray-300 p-5 text-xl font-bold hover:border-primary hover:bg-primary-50"
              >
                <span>{child.name}</span>
                <ChevronRight aria-hidden="true" className="size-6 text-primary-text" />
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-4">
            <h2 className="text-2xl font-bold">{t(`${kind}.choose`)}</h2>
            <TextLink to={`${list.listPath}/timetable`}>{t(`${kind}.viewTimetable`)}</TextLink>
          </div>
          {programmes.isPending ? <PageSpinner label={t(`${kind}.choose`)} /> : null}
          {programmes.isError ? <Alert>{t(`${kind}.failed`)}</Alert> : null}
          {programmes.data?.programmes.length === 0 ? <p>{t(`${kind}.none`)}</p> : null}
          <ul className="grid gap-4 lg:grid-cols-2">
            {programmes.data?.programmes.map((p) => (
              <li key={p.id}>
                <ProgrammeCard kind={kind} programme={p} listPath={list.listPath} />
              </li>
            ))}
          </ul>
          <Pager page={list.page} totalPages={programmes.data?.totalPages ?? 1} onChange={list.setPage} />
        </>
      )}
    </div>
  );
}
