import { type ComponentType, useEffect, useId } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { deskMode } from '../../../lib/desk-mode';
import { selectedUser } from '../../../lib/selected-user';
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
import { useCustomerRecord, useStaffMe, useStaffVenues } from '../api';
import { inputClass } from '../components/staff-sign-in';
import { useStaffT } from '../strings';
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
 * share of a split capacity. The venue, activity and day are in the address, so Back keeps them.
 */
export function BookForCustomerPage() {
  const t = useStaffT();
  const id = useId();
  const customerId = Number(useParams().customerId);
  const record = useCustomerRecord(customerId);
  const me = useStaffMe();
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
  const staffId = me.data?.id;

  // Desk mode and the selected user last while this page is shown: leaving it hands the app back as it was.
  const checkoutPath = `/staff/customers/${customerId}/checkout?for=${who}`;
  const homePath = `/staff/customers/${customerId}`;
  if (deskMode.current()?.checkoutPath !== checkoutPath) deskMode.prime({ customerId, checkoutPath, homePath });
  useEffect(() => {
    deskMode.enter({ customerId, checkoutPath, homePath });
    return () => deskMode.leave();
  }, [customerId, checkoutPath, homePath]);
  useEffect(() => {
    if (staffId !== undefined) selectedUser.set(staffId, who);
  }, [staffId, who]);

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
    .filter((c) => c.bookingType !== null && c.bookingType !== 'courses' && c.bookingType !== 'camps');
  if (record.isPending) return <p role="status">{t('loading')}</p>;
  if (record.isError) return <p role="alert">{t('loadFailed')}</p>;
  const { customer, linkedUsers } = record.data;
  const people = [
    { id: customer.id, name: `${customer.firstName} ${customer.lastName}` },
    ...linkedUsers.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}` })),
  ];
  const View = category.data && category.data.slug === activity ? views[category.data.v2Type ?? 'classes'] : null;

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
      <DayNav date={date} today={localToday()} onChange={(day) => change('date', day)} />
      <p>
        <Link className="font-semibold underline" to={`/staff/customers/${customerId}/checkout?for=${who}`}>
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
