import { isSelectable } from '@app/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { useNow } from '../../../lib/use-now';
import { useTimetable } from '../api/get-timetable';
import { useRowFilters } from '../filters';
import { type RowView, sessionRow } from '../rows';
import { useBookSessions } from '../use-book-sessions';
import { BookingDialogs } from './booking-dialogs';
import { FiltersPanel } from './filters-panel';
import { SessionDetailsOnOpen } from './session-details-on-open';
import { SessionList } from './session-list';
import { SessionRow } from './session-row';
import type { TimetableViewProps } from './timetable-view';

/** Classes: the day's sessions with the class filters; Book adds one session, Details opens it in a panel. */
export function ClassTimetable({ venue, activity, date, migrationDate }: TimetableViewProps) {
  const { t } = useTranslation('activities');
  const now = useNow();
  const timetable = useTimetable(venue, activity, date, migrationDate, true);
  const rows = useMemo(() => (timetable.data ?? []).map((s) => sessionRow(s, now)), [timetable.data, now]);
  const { filters, setFilters, choices, shown } = useRowFilters('classes', rows);
  const booking = useBookSessions();
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const book = (row: RowView) =>
    booking.book([{ id: row.id, type: 'purchasableOccurrence', waivers: row.waivers }], () => setDetailsId(null));

  return (
    <>
      {/* Shown while the day loads too, so the sessions below do not move when it arrives (decision 085). */}
      {rows.length || timetable.isPending ? (
        <FiltersPanel view="classes" value={filters} onChange={setFilters} choices={choices} shown={shown.length} total={rows.length} />
      ) : null}
      <SessionList
        isPending={timetable.isPending}
        isError={timetable.isError}
        total={rows.length}
        rows={shown}
        renderRow={(row) => (
          <SessionRow
            row={row}
            chosen={detailsId === row.id || booking.pendingIds.includes(row.id)}
            busy={booking.pendingIds.includes(row.id)}
            onChoose={() => book(row)}
            onDetails={() => setDetailsId(row.id)}
          />
        )}
      />
      <SessionDetailsOnOpen
        id={detailsId}
        onClose={() => setDetailsId(null)}
        action={(row) =>
          isSelectable(row.tagInput) ? (
            <Button onPress={() => book(row)} isDisabled={booking.isPending}>
              {t('timetable.book')}
            </Button>
          ) : null
        }
      />
      <BookingDialogs booking={booking} text={t('addedText')} />
    </>
  );
}
