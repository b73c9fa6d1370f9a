import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { showTime } from '../../../lib/format';
import { useRegisters, useStaffVenues } from '../api';
import { inputClass } from '../components/staff-sign-in';
import { useStaffT } from '../strings';

/** Today at the desk's computer, as the date field writes it. */
export const localToday = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** A venue's sessions on a day (today unless another is picked); the choice lives in the address, so Back keeps it. */
export function RegistersPage() {
  const t = useStaffT();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const venues = useStaffVenues();
  const venueId = Number(params.get('venue')) || venues.data?.[0]?.id;
  const date = params.get('date') || localToday();
  const sessions = useRegisters(venueId, date);

  const change = (key: 'venue' | 'date', value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set(key, value);
        if (venueId && !next.get('venue')) next.set('venue', String(venueId));
        return next;
      },
      { replace: true },
    );

  return (
    <div>
      <h1 className="text-2xl font-bold">{t('registersTitle')}</h1>
      <div className="mt-4 flex flex-wrap gap-4">
        <div>
          <label htmlFor={`${id}-venue`} className="font-semibold">
            {t('venue')}
          </label>
          <select id={`${id}-venue`} value={venueId ?? ''} onChange={(e) => change('venue', e.target.value)} className={inputClass}>
            {(venues.data ?? []).map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-date`} className="font-semibold">
            {t('day')}
          </label>
          <input
            id={`${id}-date`}
            type="date"
            value={date}
            onChange={(e) => e.target.value && change('date', e.target.value)}
            className={inputClass}
          />
        </div>
      </div>
      {sessions.isPending && venueId ? (
        <p role="status" className="mt-4">
          {t('loading')}
        </p>
      ) : null}
      {sessions.isError ? (
        <p role="alert" className="mt-4 text-red-800">
          {t('loadFailed')}
        </p>
      ) : null}
      {sessions.data?.length === 0 ? <p className="mt-4">{t('noSessions')}</p> : null}
      <ul className="mt-4 flex flex-col gap-3">
        {(sessions.data ?? []).map((s) => (
          <li key={s.id}>
            <Link
              to={`/staff/registers/${encodeURIComponent(s.id)}`}
              className="flex min-h-11 flex-col rounded border border-gray-300 bg-white px-4 py-3 hover:bg-gray-100 focus-visible:outline-2"
            >
              <span className="font-semibold">
                {showTime(s.startsAt)}–{showTime(s.endsAt)} {s.name}
              </span>
              <span className="text-sm text-gray-700">
                {t('sessionCounts', { booked: s.booked, attended: s.attended, absent: s.absent })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
