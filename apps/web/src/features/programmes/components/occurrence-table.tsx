import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { showDate, showMoney } from '../../../lib/format';
import type { ProgrammeInfo } from '../api/get-programmes';

/** A programme's sessions: day, time, place, places left and (for camps sold by the session) the price of one. */
export function OccurrenceTable({ programme, caption, showPrice }: { programme: ProgrammeInfo; caption: string; showPrice: boolean }) {
  const { t } = useTranslation('programmes');
  const captionId = useId();
  return (
    // A table wider than a phone scrolls sideways; the region is in the tab order, named by the caption, so a keyboard
    // can scroll it too (issue 13, defect 11; axe scrollable-region-focusable).
    <section
      className="overflow-x-auto rounded-md focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-primary-text"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keyboard
      tabIndex={0}
      aria-labelledby={captionId}
    >
      <table className="w-full min-w-[36rem] border-collapse text-left">
        <caption id={captionId} className="mb-2 text-left text-2xl font-bold">
          {caption}
        </caption>
        <thead>
          <tr className="border-b-2 border-gray-400">
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
        <tbody>
          {programme.occurrences.map((o) => (
            <tr key={o.id} className="border-b border-gray-300">
              <th scope="row" className="p-2 font-normal">
                <time dateTime={o.startsAt.local}>{showDate(o.startsAt.text)}</time>
              </th>
              <td className="p-2">{`${o.startsAt.format24Hour} - ${o.endsAt.format24Hour}`}</td>
              <td className="p-2">{o.friendlyLocationName ?? o.locationName}</td>
              <td className="p-2">{t('facts.placesLeft', { available: o.capacity.available, maximum: o.capacity.maximum })}</td>
              {showPrice ? <td className="p-2">{o.price ? showMoney(o.price) : ''}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
