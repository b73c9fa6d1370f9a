import { emptyFilters, type FilterView, filterChoices, filterSlots, type TimetableFilterState, toSlotFilters } from '@app/domain';
import { useMemo, useState } from 'react';
import type { RowView } from './rows';

/** A view's filter state and the rows it keeps (the rule is packages/domain's filterSlots), with the day's choices. */
export function useRowFilters(view: FilterView, rows: RowView[]) {
  const [filters, setFilters] = useState<TimetableFilterState>(() => emptyFilters(view));
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
