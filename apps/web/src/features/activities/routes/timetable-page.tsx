import { dayjs, isDaySlug } from '@app/contracts';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { NotFoundMessage } from '../../../components/error-pages';
import { usePage } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/spinner';
import { statusOf } from '../../../lib/api';
import { showDate } from '../../../lib/format';
import { useClient } from '../../tenancy';
import { useCategory } from '../api/get-category';
import { DATE_MARK_DAYS, useDates } from '../api/get-dates';
import { ClassTimetable } from '../components/class-timetable';
import { DayNav } from '../components/day-nav';
import type { TimetableViewProps } from '../components/timetable-view';
import { activityPath } from '../paths';
import { useVenueContext } from '../use-venue-context';
import { bookingHorizon, firstMarkedFrom } from '../week-strip';

/**
 * Each kind of activity has its own view of a day (doc 2: classes, resources, ticketed). Classes come with the page
 * (the server preloads them); the court grid and the ticket picker (React Aria's number field and radio group) load
 * when a day of theirs is shown, so a class day does not wait for them (issue 12, decision 282).
 */
const views: Record<'classes' | 'resources' | 'ticketed', ComponentType<TimetableViewProps>> = {
  classes: ClassTimetable,
  resources: lazy(() => import('../components/court-timetable').then((m) => ({ default: m.CourtTimetable }))),
  ticketed: lazy(() => import('../components/ticketed-timetable').then((m) => ({ default: m.TicketedTimetable }))),
};

/**
 * /location/:venueSlug/:activitySlug/:dateSlug/:type?/*: one day of an activity, with day navigation and the date
 * picker (days with sessions marked), then the view for the activity's kind. The view's filters and location are in
 * the query (?start=&end=&show=&instructor=&tag=&location=, decision 026).
 */
export function TimetablePage() {
  const { t } = useTranslation('activities');
  const { venueSlug = '', activitySlug = '', dateSlug = '' } = useParams();
  const validDate = isDaySlug(dateSlug);
  const { venue, today } = useVenueContext(venueSlug);
  const { data: client } = useClient();
  const category = useCategory(venueSlug, activitySlug);
  const dates = useDates(venueSlug, activitySlug);
  const navigate = useNavigate();
  const { search, state } = useLocation();
  // A day the customer picked stays; today, reached from a link, moves on when nothing is left to book on it.
  const manual = (state as { manualDate?: boolean } | null)?.manualDate === true;
  const goTo = (date: string) =>
    navigate({ pathname: `/location/${venueSlug}/${activitySlug}/${date}`, search }, { state: { manualDate: true } });

  const dayLabel = validDate ? showDate(dateSlug) : '';
  const name = category.data?.name;
  usePage({
    title: name ? `${name}, ${dayLabel}` : undefined,
    crumbs:
      venue.data && category.data
        ? [
            { label: venue.data.name, to: `/location/${venueSlug}` },
            ...(category.data.parent
              ? [{ label: category.data.parent.name, to: `/location/${venueSlug}/${category.data.parent.slug}` }]
              : []),
            { label: category.data.name },
          ]
        : undefined,
  });

  if (!validDate || statusOf(venue.error) === 404 || statusOf(category.error) === 404) return <NotFoundMessage />;
  if (!venue.data || !category.data) return <PageSpinner label={t('timetable.sessions')} />;

  const { bookingType } = category.data;
  if (bookingType === 'courses' || bookingType === 'camps')
    return <Navigate to={activityPath(venueSlug, category.data, dateSlug)} replace />;
  const marked = dates.data;
  if (validDate && dateSlug === today && !manual && marked && !marked.has(today)) {
    const first = firstMarkedFrom(marked, today);
    if (first)
      return <Navigate to={{ pathname: `/location/${venueSlug}/${activitySlug}/${first}`, search }} state={{ manualDate: true }} replace />;
  }
  // The next day with sessions, when this one has none left (or none at all).
  const next = marked && !marked.has(dateSlug) ? firstMarkedFrom(marked, dayjs(dateSlug).add(1, 'day').format('YYYY-MM-DD')) : null;
  const horizon = marked ? bookingHorizon(marked, today, DATE_MARK_DAYS) : null;
  const View = views[category.data.v2Type ?? 'classes'];
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-4xl font-bold">{category.data.name}</h1>
        <p className="mt-1 text-lg">
          {t('at', { venue: venue.data.name })}, <span className="font-bold">{dayLabel}</span>
        </p>
      </div>
      <div className="flex flex-col gap-2">
        <DayNav
          date={dateSlug}
          today={today}
          marked={marked}
          // Another day is another address (doc 2's route), so it is a history entry of its own; the filters and the
          // location in the query come along (decision 026).
          onChange={goTo}
        />
        {horizon ? <p className="text-sm text-gray-700">{t('timetable.bookingsOpen', { count: horizon })}</p> : null}
      </div>
      {next ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-gray-300 bg-gray-50 p-4">
          <p>{t(dateSlug === today ? 'timetable.nothingLeftToday' : 'timetable.nothingThisDay', { date: showDate(next) })}</p>
          <Button variant="secondary" onPress={() => goTo(next)}>
            {t('timetable.goToNext', { date: showDate(next) })}
          </Button>
        </div>
      ) : null}
      <Suspense fallback={<PageSpinner label={t('timetable.sessions')} />}>
        <View
          venue={venueSlug}
          activity={activitySlug}
          category={category.data.parent?.slug ?? activitySlug}
          name={category.data.name}
          date={dateSlug}
          migrationDate={venue.data.activitiesV2MigrationDate}
          timezone={client?.timezone ?? 'Europe/London'}
        />
      </Suspense>
    </div>
  );
}
