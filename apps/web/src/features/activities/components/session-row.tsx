import { dayjs } from '@app/contracts';
import { isLowAvailability, isSelectable, type SessionTag, sessionTag } from '@app/domain';
import { AlertTriangle, MapPin, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import type { Session } from '../api/get-timetable';

const tagStyles: Record<SessionTag['kind'], string> = {
  past: 'bg-gray-200 text-gray-800',
  booked: 'bg-green-100 text-green-900',
  reserved: 'bg-blue-100 text-blue-900',
  on_waitlist: 'bg-blue-100 text-blue-900',
  join_waitlist: 'bg-amber-100 text-amber-900',
  busy: 'bg-gray-200 text-gray-800',
  message: 'bg-gray-200 text-gray-800',
  sold_out: 'bg-gray-200 text-gray-800',
  available: 'bg-green-100 text-green-900',
};

export function sessionTagOf(session: Session, now: Date) {
  const input = {
    endsAt: new Date(session.endsAt.utc),
    now,
    bookableAction: session.bookableAction,
    available: session.capacity.available,
    lowAvailability: isLowAvailability(session.capacity.available, session.capacity.maximum),
  };
  return { tag: sessionTag(input), selectable: isSelectable(input) };
}

interface SessionRowProps {
  session: Session;
  now: Date;
  onBook: (session: Session) => void;
  isBooking?: boolean;
}

/**
 * One session of a day: day, time range, name, instructors, location, its one tag (doc 2's priority order, with
 * the low-availability warning) and a Book button only when the session can be chosen.
 */
export function SessionRow({ session, now, onBook, isBooking = false }: SessionRowProps) {
  const { t } = useTranslation('activities');
  const { tag, selectable } = sessionTagOf(session, now);
  const low = tag.kind === 'available' && tag.low;
  const time = `${session.startsAt.format24Hour} - ${session.endsAt.format24Hour}`;
  const day = dayjs(session.startsAt.text).format('ddd');
  const location = session.friendlyLocationName ?? session.locationName;
  const instructors = session.instructors.map((i) => i.name).join(', ');

  return (
    <article className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-gray-300 p-4">
      <div className="flex flex-col gap-1">
        <p className="font-bold">
          <span>{day}</span> <time dateTime={session.startsAt.local}>{time}</time>
        </p>
        <h3 className="text-xl font-bold">{session.templateName}</h3>
        {instructors ? (
          <p className="flex items-center gap-2">
            <User aria-hidden="true" className="size-4" />
            <span>{t('timetable.with', { names: instructors })}</span>
          </p>
        ) : null}
        <p className="flex items-center gap-2">
          <MapPin aria-hidden="true" className="size-4" />
          <span>{location}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <p
          className={`inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-bold ${low ? 'bg-amber-100 text-amber-900' : tagStyles[tag.kind]}`}
        >
          {low ? (
            <>
              <AlertTriangle aria-hidden="true" className="size-4" />
              <span className="sr-only">{t('timetable.lowAvailability')}: </span>
            </>
          ) : null}
          {tag.label}
        </p>
        {session.price ? <p className="text-lg font-bold">{session.price.formatted}</p> : null}
        {selectable ? (
          <Button
            onPress={() => onBook(session)}
            isDisabled={isBooking}
            aria-label={t('timetable.bookSession', { name: session.templateName, time })}
          >
            {t('timetable.book')}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
