import { isSelectable } from '@app/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { useNow } from '../../../lib/use-now';
import { AddedPanel } from '../../basket';
import { useSlots } from '../api/get-slots';
import { useTimetable } from '../api/get-timetable';
import { useChosenLocation, useRowFilters } from '../filters';
import { locationsOf, sessionRow } from '../rows';
import { useBookSessions } from '../use-book-sessions';
import { FiltersPanel } from './filters-panel';
import { LocationPicker } from './location-picker';
import { SessionDetails } from './session-details';
import { SessionList } from './session-list';
import { SessionRow } from './session-row';
import type { TimetableViewProps } from './timetable-view';

/**
 * Resources (courts): choose a location, see its slots for the day (the slots call), tick any number of them and add
 * them to the basket together. The day's timetable gives the locations to choose from.
 */
export function CourtTimetable({ venue, activity, date, migrationDate }: TimetableViewProps) {
  const { t } = useTranslation('activities');
  const now = useNow();
  const day = useTimetable(venue, activity, date, migrationDate, true);
  const locations = useMemo(() => locationsOf(day.data ?? []), [day.data]);
  // An unknown court in the address falls back to the first, as no choice does.
  const [picked, setPicked] = useChosenLocation();
  const locationId = picked !== null && locations.some((l) => l.id === picked) ? picked : (locations[0]?.id ?? null);
  const slots = useSlots(venue, activity, date, locationId, migrationDate);
  const rows = useMemo(() => (slots.data ?? []).map((s) => sessionRow(s, now)), [slots.data, now]);
  const { filters, setFilters, choices, shown } = useRowFilters('adHoc', rows);
  const booking = useBookSessions();
  const [detailsId, setDetailsId] = useState<string | null>(null);
  // Ticks belong to one day: another day starts with none.
  const [checked, setChecked] = useState<{ date: string; ids: string[] }>({ date, ids: [] });
  const ids = checked.date === date ? checked.ids.filter((id) => rows.some((r) => r.id === id && isSelectable(r.tagInput))) : [];
  const toggle = (id: string) => setChecked({ date, ids: ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id] });
  const addChecked = () =>
    booking.book(
      ids.map((id) => ({ id, type: 'purchasableOccurrence' as const })),
      () => setChecked({ date, ids: [] }),
    );

  if (!day.isPending && !day.isError && locations.length === 0) return <p>{t('slots.noLocations')}</p>;

  return (
    <>
      {locations.length ? (
        <LocationPicker label={t('slots.location')} locations={locations} value={locationId} onChange={setPicked} />
      ) : null}
      {/* Shown while the day loads too, so the sessions below do not move when it arrives (decision 085). */}
      {rows.length || day.isPending || slots.isPending ? (
        <FiltersPanel view="adHoc" value={filters} onChange={setFilters} choices={choices} shown={shown.length} total={rows.length} />
      ) : null}
      <SessionList
        isPending={day.isPending || slots.isPending}
        isError={day.isError || slots.isError}
        total={rows.length}
        rows={shown}
        renderRow={(row) => (
          <SessionRow
            row={row}
            mode="check"
            chosen={ids.includes(row.id)}
            busy={booking.pendingIds.includes(row.id)}
            onChoose={() => toggle(row.id)}
            onDetails={() => setDetailsId(row.id)}
          />
        )}
      />
      <div className="flex flex-wrap items-center justify-end gap-4 border-t border-gray-300 py-4">
        <p aria-live="polite">{t('slots.chosen', { count: ids.length })}</p>
        <Button onPress={addChecked} isDisabled={ids.length === 0 || booking.isPending}>
          {t('slots.addChosen')}
        </Button>
      </div>
      <SessionDetails
        id={detailsId}
        onClose={() => setDetailsId(null)}
        action={(row) =>
          isSelectable(row.tagInput) ? (
            <Button
              onPress={() => booking.book([{ id: row.id, type: 'purchasableOccurrence' }], () => setDetailsId(null))}
              isDisabled={booking.isPending}
            >
              {t('timetable.book')}
            </Button>
          ) : null
        }
      />
      <AddedPanel isOpen={booking.added} onOpenChange={booking.setAdded} text={t('addedText')} />
    </>
  );
}
