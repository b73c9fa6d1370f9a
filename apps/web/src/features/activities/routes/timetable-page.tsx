import { dayjs, daySlug } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { NotFoundMessage } from '../../../components/error-pages';
import { usePage } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/spinner';
import { statusOf } from '../../../lib/api';
import { useDebouncedCallback } from '../../../lib/debounce';
import { loginModal, useUser } from '../../auth';
import { type AddItem, useAddToCart } from '../../basket';
import { useCategory } from '../api/get-category';
import { type Session, useTimetable } from '../api/get-timetable';
import { AddedPanel } from '../components/added-panel';
import { DayNav } from '../components/day-nav';
import { SessionRow } from '../components/session-row';
import { TicketDialog } from '../components/ticket-dialog';
import { activityKeys } from '../keys';
import { useVenueContext } from '../use-venue-context';

/**
 * /location/:venueSlug/:activitySlug/:dateSlug/:type?/*: one day's sessions with day navigation. Book asks a
 * visitor to log in; for a user it adds the session to the basket, then offers checkout.
 */
export function TimetablePage() {
  const { t } = useTranslation('activities');
  const { venueSlug = '', activitySlug = '', dateSlug = '' } = useParams();
  const validDate = daySlug.safeParse(dateSlug).success;
  const { venue, today } = useVenueContext(venueSlug);
  const category = useCategory(venueSlug, activitySlug);
  const timetable = useTimetable(venueSlug, activitySlug, dateSlug, venue.data?.activitiesV2MigrationDate, validDate);
  const { isLoggedIn } = useUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const add = useAddToCart();
  const [bookingId, setBookingId] = useState<string | null>(null);
  const [ticketsFor, setTicketsFor] = useState<Session | null>(null);
  const [added, setAdded] = useState(false);

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

  const sendAdd = useDebouncedCallback((item: AddItem) => {
    add.mutate([item], {
      onSuccess: () => {
        setTicketsFor(null);
        setAdded(true);
      },
      onSettled: () => {
        setBookingId(null);
        void queryClient.invalidateQueries({ queryKey: activityKeys.timetables() });
      },
    });
  });

  const book = (session: Session) => {
    if (!isLoggedIn) {
      loginModal.open();
      return;
    }
    if (session.tickets?.length) {
      setTicketsFor(session);
      return;
    }
    setBookingId(session.id);
    sendAdd({ id: session.id, type: 'purchasableOccurrence' });
  };

  if (!validDate || statusOf(venue.error) === 404 || statusOf(category.error) === 404) return <NotFoundMessage />;
  if (!venue.data || !category.data) return <PageSpinner label={t('timetable.sessions')} />;

  const now = new Date();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-4xl font-bold">{category.data.name}</h1>
        <p className="mt-1 text-lg">
          {t('at', { venue: venue.data.name })}, <span className="font-bold">{dayLabel}</span>
        </p>
      </div>
      <DayNav date={dateSlug} today={today} onChange={(date) => navigate(`/location/${venueSlug}/${activitySlug}/${date}`)} />
      <section aria-labelledby="sessions-heading" className="flex flex-col gap-4">
        <h2 id="sessions-heading" className="text-2xl font-bold">
          {t('timetable.sessions')}
        </h2>
        {timetable.isPending ? <PageSpinner label={t('timetable.sessions')} /> : null}
        {timetable.isError ? <Alert>{t('timetable.failed')}</Alert> : null}
        {timetable.data?.length === 0 ? <p>{t('timetable.noSessions')}</p> : null}
        {timetable.data?.length ? (
          <ul className="flex flex-col gap-3">
            {timetable.data.map((session) => (
              <li key={session.id}>
                <SessionRow session={session} now={now} onBook={book} isBooking={bookingId === session.id} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <TicketDialog
        key={ticketsFor?.id ?? 'none'}
        session={ticketsFor}
        onClose={() => setTicketsFor(null)}
        onConfirm={(session, tickets) => {
          setBookingId(session.id);
          sendAdd({ id: session.id, type: 'purchasableOccurrence', tickets });
        }}
      />
      <AddedPanel isOpen={added} onOpenChange={setAdded} />
    </div>
  );
}
