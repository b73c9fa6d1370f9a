import { type ComponentType, useId } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  ClassTimetable,
  CourtTimetable,
  DayNav,
  TicketedTimetable,
  type TimetableViewProps,
  useCategories,
  useCategory,
} from '../../activities';
import { useClient } from '../../tenancy';
import { useCustomerRecord, useStaffVenues } from '../api';
import { inputClass } from '../components/staff-sign-in';
import { useStaffT } from '../strings';
import { useDeskBooking } from '../use-desk-booking';
import { localToday } from './registers-page';

const views: Record<'classes' | 'resources' | 'ticketed', ComponentType<TimetableViewProps>> = {
  classes: ClassTimetable,
  resources: CourtTimetable,
  ticketed: TicketedTimetable,
};

/**
 * Booking for a customer at the desk (issue 15, decision 162): the customers' own timetable views, shown in the
 * console's desk mode. The customer's own basket is filled (selected_user_id, from desk mode),
 * each item marked for whom it is for, the customer or one of their linked users (the app's selected user, as
 * purchased_for_user_id: decision 168), and the API books with source foh; the timetable asks for the desk's
 * share of a split capacity. The venue, activity and day are in the address, so Back keeps them. A course or camp
 * category leads to the customers' own course and camp pages, in desk mode under this page's path (decision 260).
 */
export function BookForCustomerPage() {
  const t = useStaffT();
  const id = useId();
  const customerId = Number(useParams().customerId);
  const record = useCustomerRecord(customerId);
  const venues = useStaffVenues();
  const { data: client } = useClient();
  const [params, setParams] = useSearchParams();
  const who = Number(params.get('for')) || customerId;
  const venue = venues.data?.find((v) => v.slug === params.get('venue')) ?? venues.data?.[0];
  const venueSlug = venue?.slug ?? '';
  const activity = params.get('activity') ?? '';
  const date = params.get('date') || localToday();
  const categories = useCategories(venueSlug);
  const category = useCategory(venueSlug, activity);
  const people = record.data
    ? [record.data.customer, ...record.data.linkedUsers].map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}` }))
    : [];
  // Desk mode and the selected user last while this page is shown: leaving it hands the app back as it was.
  const { checkoutPath, programmesPath } = useDeskBooking(customerId, who, people.find((p) => p.id === who)?.name);

  const change = (key: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set(key, value);
        if (key === 'venue') next.delete('activity');
        return next;
      },
      { replace: true },
    );

  const options = (categories.data ?? [])
    .flatMap((c) => [c, ...c.children.map((ch) => ({ ...ch, name: `${c.name}: ${ch.name}` }))])
    .filter((c) => c.bookingType !== null);
  if (record.isPending) return <p role="status">{t('loading')}</p>;
  if (record.isError) return <p role="alert">{t('loadFailed')}</p>;
  const chosen = options.find((c) => c.slug === activity);
  // Courses and camps are booked on their own pages (list, details, booking form), not from a day's timetable.
  const programme = chosen?.bookingType === 'courses' || chosen?.bookingType === 'camps' ? chosen.bookingType : null;
  const View = !programme && category.data && category.data.slug === activity ? views[category.data.v2Type ?? 'classes'] : null;

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('bookTitle', { name: people.find((p) => p.id === who)?.name ?? '' })}</h1>
      <div className="flex flex-wrap gap-4">
        <div>
          <label htmlFor={`${id}-for`} className="font-semibold">
            {t('bookingFor')}
          </label>
          <select id={`${id}-for`} value={who} onChange={(e) => change('for', e.target.value)} className={inputClass}>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-venue`} className="font-semibold">
            {t('venue')}
          </label>
          <select id={`${id}-venue`} value={venueSlug} onChange={(e) => change('venue', e.target.value)} className={inputClass}>
            {(venues.data ?? []).map((v) => (
              <option key={v.id} value={v.slug}>
                {v.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-activity`} className="font-semibold">
            {t('activity')}
          </label>
          <select id={`${id}-activity`} value={activity} onChange={(e) => change('activity', e.target.value)} className={inputClass}>
            <option value="">{t('chooseActivity')}</option>
            {options.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {programme && chosen ? (
        <p>
          <Link className="font-semibold underline" to={`${programmesPath}/${programme}/location/${venueSlug}/${activity}`}>
            {t(`seeProgrammes_${programme}`, { name: chosen.name })}
          </Link>
        </p>
      ) : (
        <DayNav date={date} today={localToday()} onChange={(day) => change('date', day)} />
      )}
      <p>
        <Link className="font-semibold underline" to={checkoutPath}>
          {t('deskCheckout')}
        </Link>
      </p>
      {View && category.data ? (
        <View
          venue={venueSlug}
          activity={activity}
          category={category.data.parent?.slug ?? activity}
          name={category.data.name}
          date={date}
          migrationDate={(venue as { activitiesV2MigrationDate?: string | null } | undefined)?.activitiesV2MigrationDate ?? null}
          timezone={client?.timezone ?? 'Europe/London'}
        />
      ) : null}
    </div>
  );
}
