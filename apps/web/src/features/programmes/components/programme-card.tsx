import { useTranslation } from 'react-i18next';
import { ButtonLink, TextLink } from '../../../components/button';
import { useNow } from '../../../lib/use-now';
import type { ProgrammeInfo } from '../api/get-programmes';
import { canBook } from '../booking/camp-offer';
import { dayOf, scheduleSummary } from '../describe';
import type { ProgrammeKind } from '../kinds';
import { ProgrammePrice } from './programme-price';

interface ProgrammeCardProps {
  kind: ProgrammeKind;
  programme: ProgrammeInfo;
  listPath: string;
}

/** A course or camp in the list: when and how long, price, places, and links to its details and its booking page. */
export function ProgrammeCard({ kind, programme: p, listPath }: ProgrammeCardProps) {
  const { t } = useTranslation('courses');
  const now = useNow();
  const bookable = canBook(kind, p, now);
  return (
    <article className="flex h-full flex-col gap-3 rounded-lg border border-gray-300 p-5">
      <h2 className="text-2xl font-bold">{p.name}</h2>
      {p.description ? <p>{p.description}</p> : null}
      <dl className="grid gap-2 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-bold text-gray-700">{t('facts.dates')}</dt>
          <dd>{t('facts.dateRange', { from: dayOf(p.startsAt), to: dayOf(p.endsAt) })}</dd>
        </div>
        <div>
          <dt className="text-sm font-bold text-gray-700">{t('facts.schedule')}</dt>
          <dd>{scheduleSummary(p.occurrences)}</dd>
        </div>
        <div>
          <dt className="text-sm font-bold text-gray-700">{t('facts.duration')}</dt>
          <dd>{t('facts.weeks', { count: p.durationInWeeks })}</dd>
        </div>
        <div>
          <dt className="text-sm font-bold text-gray-700">{t('facts.places')}</dt>
          <dd>{t('facts.placesLeft', { available: p.capacity.available, maximum: p.capacity.maximum })}</dd>
        </div>
      </dl>
      <ProgrammePrice kind={kind} programme={p} />
      {!bookable && p.bookableAction.message ? <p className="font-bold text-gray-800">{p.bookableAction.message}</p> : null}
      <div className="mt-auto flex flex-wrap items-center gap-4 pt-2">
        {bookable ? (
          <ButtonLink to={`${listPath}/${p.slug}/book`} aria-label={`${t(`${kind}.book`)}: ${p.name}`}>
            {t(`${kind}.book`)}
          </ButtonLink>
        ) : null}
        <TextLink to={`${listPath}/timetable/${p.slug}`} aria-label={t(`${kind}.detailsOf`, { name: p.name })}>
          {t(`${kind}.details`)}
        </TextLink>
      </div>
    </article>
  );
}
