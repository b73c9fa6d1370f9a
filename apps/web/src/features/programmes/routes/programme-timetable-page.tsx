import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { TextLink } from '../../../components/button';
import { NotFoundMessage } from '../../../components/error-pages';
import { usePage } from '../../../components/page-meta';
import { Pager } from '../../../components/pager';
import { PageSpinner } from '../../../components/spinner';
import { ProgrammePrice } from '../components/programme-price';
import { dayOf, scheduleSummary } from '../describe';
import type { ProgrammeKind } from '../kinds';
import { useProgrammeList } from '../use-programme-list';

/** /courses/location/:venueSlug/:activitySlug/timetable (and camps): the category's courses as a timetable. */
export function ProgrammeTimetablePage({ kind }: { kind: ProgrammeKind }) {
  const { t } = useTranslation('courses');
  const list = useProgrammeList(kind);
  const { venue, category, programmes } = list;
  const title = category.data ? `${t(`${kind}.timetable`)}: ${category.data.name}` : t(`${kind}.timetable`);
  usePage({
    title,
    crumbs: list.crumbs
      ? [...list.crumbs.slice(0, -1), { label: category.data?.name ?? '', to: list.listPath }, { label: t(`${kind}.timetable`) }]
      : undefined,
  });

  if (list.notFound) return <NotFoundMessage />;
  if (!venue.data || !category.data) return <PageSpinner label={t(`${kind}.timetable`)} />;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-4xl font-bold">{`${category.data.name}: ${t(`${kind}.timetable`)}`}</h1>
        <p className="mt-1 text-lg">{t('at', { venue: venue.data.name })}</p>
      </div>
      <TextLink to={list.listPath} className="self-start">
        {t(`${kind}.viewList`)}
      </TextLink>
      {programmes.isPending ? <PageSpinner label={t(`${kind}.timetable`)} /> : null}
      {programmes.isError ? <Alert>{t(`${kind}.failed`)}</Alert> : null}
      {programmes.data?.programmes.length === 0 ? <p>{t(`${kind}.none`)}</p> : null}
      {programmes.data?.programmes.length ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[48rem] border-collapse text-left">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b-2 border-gray-400">
                {(['name', 'schedule', 'starts', 'length', 'price', 'places', 'details'] as const).map((col) => (
                  <th key={col} scope="col" className="p-2">
                    {t(`table.${col}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {programmes.data.programmes.map((p) => (
                <tr key={p.id} className="border-b border-gray-300 align-top">
                  <th scope="row" className="p-2 font-bold">
                    {p.name}
                  </th>
                  <td className="p-2">{scheduleSummary(p.occurrences)}</td>
                  <td className="p-2">{dayOf(p.startsAt)}</td>
                  <td className="p-2">{t('facts.weeks', { count: p.durationInWeeks })}</td>
                  <td className="p-2">
                    <ProgrammePrice kind={kind} programme={p} />
                  </td>
                  <td className="p-2">{t('facts.placesLeft', { available: p.capacity.available, maximum: p.capacity.maximum })}</td>
                  <td className="p-2">
                    <TextLink to={`${list.listPath}/timetable/${p.slug}`} aria-label={t(`${kind}.detailsOf`, { name: p.name })}>
                      {t(`${kind}.details`)}
                    </TextLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager page={list.page} totalPages={programmes.data?.totalPages ?? 1} onChange={list.setPage} />
    </div>
  );
}
