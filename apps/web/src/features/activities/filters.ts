import { type FilterView, filterChoices, filterSlots, type TimetableFilterState, toSlotFilters } from '@app/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { RowView } from './rows';
import { readFilters, readLocation, writeFilters, writeLocation } from './timetable-search';

// Each change replaces the history entry: back leaves the day rather than undoing one filter click at a time
// (decision 026).
const replace = { replace: true, preventScrollReset: true } as const;

/**
 * A view's filter state, kept in the address (timetable-search.ts), and the rows it keeps (the rule is
 * packages/domain's filterSlots), with the day's choices.
 */
export function useRowFilters(view: FilterView, rows: RowView[]) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(view, params), [view, params]);
  const setFilters = useCallback(
    (next: TimetableFilterState) => setParams((current) => writeFilters(view, next, current), replace),
    [view, setParams],
  );
  const choices = useMemo(
    () =>
      filterChoices(
        rows.map((r) => ({ startsAt: r.filterable.startsAt, endsAt: r.filterable.endsAt, instructors: r.instructors, tags: r.tags })),
      ),
    [rows],
  );
  const shown = useMemo(() => {
    const kept = new Set(
      filterSlots(
        rows.map((r) => r.filterable),
        toSlotFilters(view, filters),
      ),
    );
    return rows.filter((r) => kept.has(r.filterable));
  }, [rows, filters, view]);
  return { filters, setFilters, choices, shown };
}

/** The location chosen for the day (a court, a pool), kept in the address like the filters; null when none is. */
export function useChosenLocation() {
  const [params, setParams] = useSearchParams();
  const location = readLocation(params);
  const setLocation = useCallback((id: number | null) => setParams((current) => writeLocation(id, current), replace), [setParams]);
  return [location, setLocation] as const;
}
