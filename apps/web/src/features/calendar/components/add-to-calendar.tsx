import { calendarLocation, googleCalendarUrl, outlookCalendarUrl } from '@app/domain';
import { useTranslation } from 'react-i18next';

const linkClass = 'text-primary-text underline underline-offset-2 hover:no-underline';

/**
 * Add to calendar for one booking (decision 107): the .ics from the API (the venue's address, the client's zone) and
 * Google / Outlook links filled in here with UTC times and the same place as the .ics: space, venue and address.
 */
export function AddToCalendar({
  bookingId,
  name,
  startsUtc,
  endsUtc,
  place,
  venue,
  address,
}: {
  bookingId: number;
  name: string;
  startsUtc: string;
  endsUtc: string;
  /** The space within the venue, when the session names one. */
  place: string | null;
  venue: string;
  address: string | null;
}) {
  const { t } = useTranslation('calendar');
  const location = calendarLocation({ place, venue, address });
  const entry = { title: name, start: new Date(startsUtc), end: new Date(endsUtc), location };
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="font-bold">
        {t('add')}
        <span className="sr-only"> ({name})</span>:
      </span>
      <a className={linkClass} href={`/api/my-account/bookings/${bookingId}/calendar.ics`} download={`booking-${bookingId}.ics`}>
        {t('ics')}
      </a>
      <a className={linkClass} href={googleCalendarUrl(entry)} target="_blank" rel="noopener noreferrer">
        {t('google')} <span className="sr-only">{t('newTab')}</span>
      </a>
      <a className={linkClass} href={outlookCalendarUrl(entry)} target="_blank" rel="noopener noreferrer">
        {t('outlook')} <span className="sr-only">{t('newTab')}</span>
      </a>
    </p>
  );
}
