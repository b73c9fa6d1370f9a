import { isSelectable } from '@app/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { useNow } from '../../../lib/use-now';
import { useTimes } from '../api/get-times';
import { useChosenLocation, useRowFilters } from '../filters';
import { type RowView, timeRow } from '../rows';
import { useBookSessions } from '../use-book-sessions';
import { BookingDialogs } from './booking-dialogs';
import { FiltersPanel } from './filters-panel';
import { LocationPicker } from './location-picker';
import { SessionDetails } from './session-details';
import { SessionList } from './session-list';
import { SessionRow } from './session-row';
import { TicketPicker } from './ticket-picker';
import type { TimetableViewProps } from './timetable-view';

/**
 * Ticketed (fast tickets): the day's times with their filters; Choose tickets opens the ticket-type picker in a
 * slide-over, which can also be opened from a time's details (stacked on top of them).
 */
export function TicketedTimetable({ venue, activity, category, name, date, migrationDate, timezone }: TimetableViewProps) {
  const { t } = useTranslation('activities');
  const now = useNow();
  const [chosen, setLocationId] = useChosenLocation();
  const times = useTimes(venue, activity, date, chosen, migrationDate);
  const locations = useMemo(() => {
    const seen = new Map<number, string>();
    for (const time of times.data ?? []) if (time.locationId !== null) seen.set(time.locationId, time.locationName);
    return [...seen].map(([id, locationName]) => ({ id, name: locationName }));
  }, [times.data]);
  // A location the day does not have (an old or edited link) shows every location rather than nothing.
  const locationId = chosen !== null && locations.some((l) => l.id === chosen) ? chosen : null;
  const rows = useMemo(
    () =>
      (times.data ?? [])
        .filter((time) => locationId === null || time.locationId === locationId)
        .map((time) => timeRow(time, { date, timezone, name, now })),
    [times.data, locationId, date, timezone, name, now],
  );
  const { filters, setFilters, choices, shown } = useRowFilters('fastTickets', rows);
  const booking = useBookSessions();
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [ticketsFor, setTicketsFor] = useState<RowView | null>(null);

  return (
    <>
      {locations.length > 1 ? (
        <LocationPicker
          label={t('slots.location')}
          locations={locations}
          value={locationId}
          onChange={setLocationId}
          anyLabel={t('slots.anyLocation')}
        />
      ) : null}
      {/* Shown while the day loads too, so the sessions below do not move when it arrives (decision 085). */}
      {rows.length || times.isPending ? (
        <FiltersPanel view="fastTickets" value={filters} onChange={setFilters} choices={choices} shown={shown.length} total={rows.length} />
      ) : null}
      <SessionList
        isPending={times.isPending}
        isError={times.isError}
        total={rows.length}
        rows={shown}
        renderRow={(row) => (
          <SessionRow
            row={row}
            chosen={ticketsFor?.id === row.id || detailsId === row.id}
            busy={booking.pendingIds.includes(row.id)}
            chooseText="chooseTickets"
            onChoose={setTicketsFor}
            onDetails={() => setDetailsId(row.id)}
          />
        )}
      />
      <SessionDetails
        id={detailsId}
        onClose={() => setDetailsId(null)}
        action={(row) =>
          isSelectable(row.tagInput) ? (
            <Button onPress={() => setTicketsFor(row)} isDisabled={booking.isPending}>
              {t('timetable.chooseTickets')}
            </Button>
          ) : null
        }
      />
      <TicketPicker
        session={ticketsFor}
        venue={venue}
        category={category}
        activity={activity}
        isAdding={booking.isPending}
        onClose={() => setTicketsFor(null)}
        onConfirm={(session, tickets) =>
          booking.book([{ id: session.id, type: 'purchasableOccurrence', tickets }], () => {
            setTicketsFor(null);
            setDetailsId(null);
          })
        }
      />
      <BookingDialogs booking={booking} text={t('addedText')} />
    </>
  );
}
