import { useTranslation } from 'react-i18next';
import { StackedCell, stacked } from '../../../components/stacked-table';
import { showDate, showMoney } from '../../../lib/format';
import type { ProgrammeInfo } from '../api/get-programmes';

/**
 * A programme's sessions: day, time, place, places left and (for camps sold by the session) the price of one. A table
 * from the tablet breakpoint up and a card per session on a phone (issue 13, defects 9 and 11): nothing scrolls
 * sideways, so there is no scrolling region a keyboard user has to find and scroll, and no column is cut off.
 */
export function OccurrenceTable({ programme, caption, showPrice }: { programme: ProgrammeInfo; caption: string; showPrice: boolean }) {
  const { t } = useTranslation('courses');
  return (
    <table className={stacked.table}>
      <caption className="mb-2 text-left text-2xl font-bold max-sm:block">{caption}</caption>
      <thead className={stacked.head}>
        <tr className={stacked.headRow}>
          <th scope="col" className="p-2">
            {t('session.date')}
          </th>
          <th scope="col" className="p-2">
            {t('session.time')}
          </th>
          <th scope="col" className="p-2">
            {t('session.location')}
          </th>
          <th scope="col" className="p-2">
            {t('session.places')}
          </th>
          {showPrice ? (
            <th scope="col" className="p-2">
              {t('session.price')}
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody className={stacked.body}>
        {programme.occurrences.map((o) => (
          <tr key={o.id} className={stacked.row}>
            <th scope="row" className="p-2 font-normal max-sm:p-0 max-sm:font-bold">
              <time dateTime={o.startsAt.local}>{showDate(o.startsAt.text)}</time>
            </th>
            <StackedCell label={t('session.time')}>{`${o.startsAt.format24Hour} - ${o.endsAt.format24Hour}`}</StackedCell>
            <StackedCell label={t('session.location')}>{o.friendlyLocationName ?? o.locationName}</StackedCell>
            <StackedCell label={t('session.places')}>
              {t('facts.placesLeft', { available: o.capacity.available, maximum: o.capacity.maximum })}
            </StackedCell>
            {showPrice ? <StackedCell label={t('session.price')}>{o.price ? showMoney(o.price) : ''}</StackedCell> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
