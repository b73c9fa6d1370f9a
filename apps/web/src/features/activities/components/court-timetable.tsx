import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { PageSpinner } from '../../../components/spinner';
import { showAmount } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { useTimetable } from '../api/get-timetable';
import { courtGrid } from '../court-grid';
import { useBookSessions } from '../use-book-sessions';
import { BookingDialogs } from './booking-dialogs';
import { CourtGrid } from './court-grid';
import type { TimetableViewProps } from './timetable-view';

/**
 * Resources (courts): the day's courts across and times down, any number of free slots picked at once, and a sticky
 * bar with what is picked, its total and 'Add to basket' (issue 13, defect 4; decision 091). The day's timetable
 * call carries every court's sessions, so one call draws the whole grid.
 */
export function CourtTimetable({ venue, activity, date, migrationDate }: TimetableViewProps) {
  const { t } = useTranslation('activities');
  const now = useNow();
  const day = useTimetable(venue, activity, date, migrationDate, true);
  // No filters: the grid is the overview of the day, and a taken slot shows as taken rather than as a gap.
  const grid = useMemo(() => courtGrid(day.data ?? [], now), [day.data, now]);
  const cells = useMemo(() => grid.cells.flat().filter((c) => c !== null), [grid]);
  const booking = useBookSessions();
  // Picks belong to one day: another day starts with none.
  const [checked, setChecked] = useState<{ date: string; ids: string[] }>({ date, ids: [] });
  const ids = checked.date === date ? checked.ids.filter((id) => cells.some((c) => c.row.id === id && c.selectable)) : [];
  const picked = cells.filter((c) => ids.includes(c.row.id));
  const total = picked.reduce((sum, c) => sum + c.price, 0);
  const currency = picked[0]?.currency ?? 'GBP';
  const toggle = (id: string) => setChecked({ date, ids: ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id] });
  const addChecked = () =>
    booking.book(
      picked.map((c) => ({ id: c.row.id, type: 'purchasableOccurrence' as const, waivers: c.row.waivers })),
      () => setChecked({ date, ids: [] }),
    );

  if (!day.isPending && !day.isError && grid.times.length === 0) return <p>{t('slots.noLocations')}</p>;

  return (
    <>
      <section aria-labelledby="sessions-heading" className="flex flex-col gap-4">
        <h2 id="sessions-heading" className="text-2xl font-bold">
          {t('timetable.sessions')}
        </h2>
        {day.isPending ? <PageSpinner label={t('timetable.sessions')} /> : null}
        {day.isError ? <Alert>{t('timetable.failed')}</Alert> : null}
        {grid.times.length ? (
          <CourtGrid grid={grid} chosen={ids} busyIds={booking.pendingIds} onToggle={(cell) => toggle(cell.row.id)} />
        ) : null}
      </section>
      <div className="sticky bottom-0 z-30 -mx-4 flex flex-wrap items-center justify-between gap-3 border-t border-gray-300 bg-white px-4 py-3 shadow-[0_-2px_6px_rgba(0,0,0,0.08)]">
        <div aria-live="polite" className="flex flex-col">
          <p className="font-bold">
            {t('slots.chosen', { count: ids.length })}
            {ids.length ? `: ${t('slots.total', { total: showAmount(total, currency) })}` : ''}
          </p>
          {picked.length ? (
            <p className="text-sm text-gray-700">
              {picked.map((c) => t('slots.pickedOne', { court: c.row.location, time: c.row.timeRange.slice(0, 5) })).join(', ')}
            </p>
          ) : null}
        </div>
        <div className="flex gap-2">
          {ids.length ? (
            <Button variant="secondary" onPress={() => setChecked({ date, ids: [] })}>
              {t('slots.clear')}
            </Button>
          ) : null}
          <Button onPress={addChecked} isDisabled={ids.length === 0 || booking.isPending}>
            {t('slots.addChosen')}
          </Button>
        </div>
      </div>
      <BookingDialogs booking={booking} text={t('addedText')} />
    </>
  );
}
