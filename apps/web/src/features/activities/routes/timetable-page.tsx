import { dayjs, daySlug } from '@app/contracts';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { NotFoundMessage } from '../../../components/error-pages';
import { usePage } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/spinner';
import { statusOf } from '../../../lib/api';
import { useClient } from '../../tenancy';
import { useCategory } from '../api/get-category';
import { useDates } from '../api/get-dates';
import { ClassTimetable } from '../components/class-timetable';
import { CourtTimetable } from '../components/court-timetable';
import { DayNav } from '../components/day-nav';
import { TicketedTimetable } from '../components/ticketed-timetable';
import type { TimetableViewProps } from '../components/timetable-view';
import { activityPath } from '../paths';
import { useVenueContext } from '../use-venue-context';

/** Each kind of activity has its own view of a day (doc 2: classes, resources, ticketed). */
const views: Record<'classes' | 'resources' | 'ticketed', ComponentType<TimetableViewProps>> = {
  classes: ClassTimetable,
  resources: CourtTimetable,
  ticketed: TicketedTimetable,
};

/**
 * /location/:venueSlug/:activitySlug/:dateSlug/:type?/*: one day of an activity, with day navigation and the date
 * picker (days with sessions marked), then the view for the activity's kind. The view's filters and location are in
 * the query (?start=&end=&show=&instructor=&tag=&location=, decision 026).
 */
export function TimetablePage() {
  const { t } = useTranslation('activities');
  const { venueSlug = '', activitySlug = '', dateSlug = '' } = useParams();
  const validDate = daySlug.safeParse(dateSlug).success;
  const { venue, today } = useVenueContext(venueSlug);
  const { data: client } = useClient();
  const category = useCategory(venueSlug, activitySlug);
  const dates = useDates(venueSlug, activitySlug);
  const navigate = useNavigate();
  const { search } = useLocation();

  const dayLabel = validDate ? dayjs(dateSlug).format('dddd D MMMM YYYY') : '';
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
  const View = views[category.data.v2Type ?? 'classes'];
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-4xl font-bold">{category.data.name}</h1>
        <p className="mt-1 text-lg">
          {t('at', { venue: venue.data.name })}, <span className="font-bold">{dayLabel}</span>
        </p>
      </div>
      <DayNav
        date={dateSlug}
        today={today}
        marked={dates.data}
        // Another day is another address (doc 2's route), so it is a history entry of its own; the filters and the
        // location in the query come along (decision 026).
        onChange={(date) => navigate({ pathname: `/location/${venueSlug}/${activitySlug}/${date}`, search })}
      />
      <View
        venue={venueSlug}
        activity={activitySlug}
        category={category.data.parent?.slug ?? activitySlug}
        name={category.data.name}
        date={dateSlug}
        migrationDate={venue.data.activitiesV2MigrationDate}
        timezone={client?.timezone ?? 'Europe/London'}
      />
    </div>
  );
}
