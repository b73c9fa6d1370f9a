import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink, TextLink } from '../../../components/button';
import { NotFoundMessage } from '../../../components/error-pages';
import { usePage } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/spinner';
import { statusOf } from '../../../lib/api';
import { showMoney } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { useProgramme } from '../api/get-programme';
import { canBook } from '../booking/camp-offer';
import { OccurrenceTable } from '../components/occurrence-table';
import { ProgrammePrice } from '../components/programme-price';
import { dayOf, scheduleSummary } from '../describe';
import { locationPrefix, type ProgrammeKind } from '../kinds';
import { useProgrammeVenue } from '../use-programme-venue';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm font-bold text-gray-700">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * /courses/location/:venueSlug/:activitySlug/timetable/:courseSlug (and /camps/.../:campSlug): one course or camp
 * with its sessions, price (pro rata once a course has started), places, extras and a Book link to its booking page.
 */
export function ProgrammeDetailsPage({ kind }: { kind: ProgrammeKind }) {
  const { t } = useTranslation('courses');
  const { venueSlug = '', activitySlug = '', courseSlug, campSlug } = useParams();
  const slug = (kind === 'courses' ? courseSlug : campSlug) ?? '';
  const { venue, notFound } = useProgrammeVenue(venueSlug);
  const programme = useProgramme(kind, slug);
  const p = programme.data;
  const now = useNow();
  const listPath = `${locationPrefix(kind)}/${venueSlug}/${activitySlug}`;
  usePage({
    title: p?.name ?? t(`${kind}.details`),
    crumbs:
      venue.data && p
        ? [
            { label: venue.data.name },
            { label: t(`${kind}.title`), to: `${locationPrefix(kind)}/${venueSlug}` },
            { label: p.category.name, to: listPath },
            { label: p.name },
          ]
        : undefined,
  });

  const elsewhere = p && (p.venue.slug !== venueSlug || p.category.slug !== activitySlug);
  if (notFound || statusOf(programme.error) === 404 || elsewhere) return <NotFoundMessage />;
  if (!venue.data || !p) return <PageSpinner label={t(`${kind}.details`)} />;

  const bookable = canBook(kind, p, now);
  return (
    <div className="flex flex-col gap-6">
      <TextLink to={listPath} className="self-start">
        {t(`${kind}.back`)}
      </TextLink>
      <div>
        <h1 className="text-4xl font-bold">{p.name}</h1>
        <p className="mt-1 text-lg">{`${p.category.name}, ${t('at', { venue: p.venue.name })}`}</p>
      </div>
      {p.description ? <p className="max-w-3xl text-lg">{p.description}</p> : null}
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Fact term={t('facts.dates')}>{t('facts.dateRange', { from: dayOf(p.startsAt), to: dayOf(p.endsAt) })}</Fact>
        <Fact term={t('facts.schedule')}>{scheduleSummary(p.occurrences)}</Fact>
        <Fact term={t('facts.duration')}>{t('facts.weeks', { count: p.durationInWeeks })}</Fact>
        {p.instructors.length ? <Fact term={t('facts.instructors')}>{p.instructors.join(', ')}</Fact> : null}
        <Fact term={t('facts.places')}>{t('facts.placesLeft', { available: p.capacity.available, maximum: p.capacity.maximum })}</Fact>
        <Fact term={kind === 'courses' && p.proRataPrice ? t('facts.proRataPrice') : t('facts.price')}>
          <ProgrammePrice kind={kind} programme={p} />
        </Fact>
        {p.extras.length ? (
          <Fact term={t('facts.extras')}>
            <ul>
              {p.extras.map((e) => (
                <li key={e.id}>{`${e.name} (${showMoney(e.price)})`}</li>
              ))}
            </ul>
          </Fact>
        ) : null}
      </dl>
      <div className="flex flex-wrap items-center gap-4">
        {bookable ? (
          <ButtonLink to={`${listPath}/${p.slug}/book`}>{t(`${kind}.book`)}</ButtonLink>
        ) : (
          <p className="font-bold">{p.bookableAction.message}</p>
        )}
      </div>
      <OccurrenceTable
        programme={p}
        caption={t(`${kind}.sessions`)}
        showPrice={kind === 'camps' && (p.pricingOptionAvailability ?? []).includes('individual')}
      />
    </div>
  );
}
