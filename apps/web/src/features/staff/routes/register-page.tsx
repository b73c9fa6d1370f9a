import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { showDate, showTime } from '../../../lib/format';
import { useMarkAttendance, useRegister } from '../api';
import { primaryClass } from '../components/staff-sign-in';
import { WalkInPanel } from '../components/walk-in-panel';
import { useStaffT } from '../strings';

/*
 * Taken on a tablet at the studio door: every mark is a big target (at least 56 px high, well over the 44 px
 * minimum) and each row's two choices sit side by side for a thumb. The pressed state is the mark itself
 * (aria-pressed), so a screen reader hears which one holds.
 */
const markClass = (on: boolean, tone: 'attended' | 'absent') =>
  `inline-flex min-h-14 min-w-28 items-center justify-center rounded-lg border-2 px-4 text-lg font-semibold focus-visible:outline-4 focus-visible:outline-offset-2 ${
    on
      ? tone === 'attended'
        ? 'border-green-900 bg-green-800 text-white'
        : 'border-red-900 bg-red-800 text-white'
      : 'border-gray-700 bg-white text-gray-900 hover:bg-gray-100'
  }`;

export function RegisterPage() {
  const t = useStaffT();
  const occurrenceId = useParams().occurrenceId ?? '';
  const register = useRegister(occurrenceId);
  const mark = useMarkAttendance(occurrenceId);
  const [announcement, setAnnouncement] = useState('');

  if (register.isPending) return <p role="status">{t('loading')}</p>;
  if (register.isError) return <p role="alert">{t('loadFailed')}</p>;
  const { session, attendees, started } = register.data;

  const markOne = (bookingId: number, name: string, status: 'attended' | 'absent') =>
    mark.mutate(
      { booking_ids: [bookingId], status },
      { onSuccess: () => setAnnouncement(t('markedCount', { name, status: t(status).toLowerCase() })) },
    );
  // Only those not yet marked: an absence already recorded (and its no-show fee) is not overwritten by a sweep.
  const unmarked = attendees.filter((a) => a.attended === null);
  const markAll = () =>
    mark.mutate(
      { booking_ids: unmarked.map((a) => a.bookingId), status: 'attended' },
      { onSuccess: () => setAnnouncement(t('allMarked')) },
    );
  const over = session.status === 'cancelled' || new Date(session.endsAt).getTime() <= Date.now();
  const placesLeft = Math.max(0, session.capacity.maximum - session.capacity.consumed);

  return (
    <div>
      <Link to="/staff/registers" className="inline-flex min-h-11 items-center underline">
        {t('backToRegisters')}
      </Link>
      <h1 className="mt-2 text-2xl font-bold">{t('registerFor', { name: session.name })}</h1>
      <p>
        {showTime(session.startsAt)}–{showTime(session.endsAt)} ·{' '}
        {t('sessionCounts', { booked: session.booked, attended: session.attended, absent: session.absent })}
      </p>
      {!started ? (
        <p role="note" className="mt-4 rounded border border-amber-700 bg-amber-50 p-3">
          {t('notStarted')}
        </p>
      ) : null}
      <p role="status" aria-live="polite" className="mt-2 font-semibold">
        {announcement}
      </p>
      {mark.isError ? (
        <p role="alert" className="text-red-800">
          {mark.error.message}
        </p>
      ) : null}
      {attendees.length === 0 ? <p className="mt-4">{t('noAttendees')}</p> : null}
      {started && unmarked.length > 0 ? (
        <button type="button" className={`${primaryClass} mt-4 min-h-14 text-lg`} onClick={markAll} disabled={mark.isPending}>
          {unmarked.length === attendees.length ? t('markAllAttended') : t('markRestAttended')}
        </button>
      ) : null}
      {started && attendees.length > 0 && unmarked.length === 0 ? <p className="mt-4">{t('nobodyLeft')}</p> : null}
      <ul className="mt-4 flex flex-col gap-3">
        {attendees.map((a) => {
          const name = `${a.user.firstName} ${a.user.lastName}`;
          return (
            <li key={a.bookingId} className="flex flex-wrap items-center justify-between gap-3 rounded border border-gray-300 bg-white p-3">
              <div>
                <p className="text-lg font-semibold">{name}</p>
                <p className="text-sm text-gray-700">
                  {a.user.reference}
                  {a.bookedBy ? ` · ${t('bookedBy', { name: `${a.bookedBy.firstName} ${a.bookedBy.lastName}` })}` : ''}
                  {' · '}
                  {a.attended ? t(a.attended) : t('notMarked')}
                </p>
                {a.answers.length > 0 ? (
                  <dl aria-label={t('answersOf', { name })} className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 text-sm">
                    {a.answers.map((q) => (
                      <div key={q.customQuestionId} className="contents">
                        <dt className="font-semibold">{q.question}</dt>
                        <dd>{q.answerText || t('noAnswer')}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
                {a.waivers.length > 0 ? (
                  <p className="mt-1 text-sm">
                    {t('waiversAgreed', { names: a.waivers.map((w) => `${w.name} (${showDate(w.agreedAt)})`).join(', ') })}
                  </p>
                ) : null}
              </div>
              {started ? (
                <div className="flex gap-3">
                  <button
                    type="button"
                    aria-pressed={a.attended === 'attended'}
                    aria-label={t('markAttended', { name })}
                    className={markClass(a.attended === 'attended', 'attended')}
                    disabled={mark.isPending}
                    onClick={() => markOne(a.bookingId, name, 'attended')}
                  >
                    {t('attended')}
                  </button>
                  <button
                    type="button"
                    aria-pressed={a.attended === 'absent'}
                    aria-label={t('markAbsent', { name })}
                    className={markClass(a.attended === 'absent', 'absent')}
                    disabled={mark.isPending}
                    onClick={() => markOne(a.bookingId, name, 'absent')}
                  >
                    {t('absent')}
                  </button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {!over ? (
        <WalkInPanel occurrenceId={occurrenceId} placesLeft={placesLeft} onAdded={(name) => setAnnouncement(t('walkInAdded', { name }))} />
      ) : null}
    </div>
  );
}
