import { type ActionsToShow, actionGroups, emptyFilters, type FilterView, type TimetableFilterState } from '@app/domain';

/**
 * A day's filters and chosen location in the address's query, so a reload, the back button and a shared link keep
 * them (decision 026). Document 2 names no query parameters: `start`, `end`, `show`, `instructor` and `tag` (repeated
 * for each one chosen) and `location`. A value left at the view's default is not written, so an unfiltered day keeps
 * its plain address; a value that does not read (a time that is not HH:MM, an unknown mode, an id that is not a whole
 * number) is ignored and the default stands, never an error page.
 */
export const searchKeys = {
  start: 'start',
  end: 'end',
  show: 'show',
  instructor: 'instructor',
  tag: 'tag',
  location: 'location',
} as const;

const filterKeys = [searchKeys.start, searchKeys.end, searchKeys.show, searchKeys.instructor, searchKeys.tag];
const time = /^([01]\d|2[0-3]):[0-5]\d$/;
const modes = new Set<string>(['all', ...Object.keys(actionGroups)]);

const timeOf = (value: string | null): string => (value && time.test(value) ? value : '');

const idOf = (value: string | null): number | null => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

const unique = <T>(values: T[]): T[] => [...new Set(values)];

/** The view's filters from the query; instructors and tags only for classes, as the panel offers them only there. */
export function readFilters(view: FilterView, params: URLSearchParams): TimetableFilterState {
  const defaults = emptyFilters(view);
  const show = params.get(searchKeys.show);
  const classes = view === 'classes';
  return {
    startTime: timeOf(params.get(searchKeys.start)),
    endTime: timeOf(params.get(searchKeys.end)),
    actionsToShow: show !== null && modes.has(show) ? (show as ActionsToShow) : defaults.actionsToShow,
    instructorIds: classes ? unique(params.getAll(searchKeys.instructor).map(idOf)).filter((id): id is number => id !== null) : [],
    tags: classes ? unique(params.getAll(searchKeys.tag).map((t) => t.trim())).filter(Boolean) : [],
  };
}

/** The query with the view's filters in place of the old ones; anything else in it (the location) stays. */
export function writeFilters(view: FilterView, filters: TimetableFilterState, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of filterKeys) next.delete(key);
  if (filters.startTime) next.set(searchKeys.start, filters.startTime);
  if (filters.endTime) next.set(searchKeys.end, filters.endTime);
  if (filters.actionsToShow !== emptyFilters(view).actionsToShow) next.set(searchKeys.show, filters.actionsToShow);
  if (view === 'classes') {
    for (const id of filters.instructorIds) next.append(searchKeys.instructor, String(id));
    for (const tag of filters.tags) next.append(searchKeys.tag, tag);
  }
  return next;
}

/** The chosen location's id, or null (the view's own default: the first court, or any location for times). */
export const readLocation = (params: URLSearchParams): number | null => idOf(params.get(searchKeys.location));

export function writeLocation(id: number | null, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  if (id === null) next.delete(searchKeys.location);
  else next.set(searchKeys.location, String(id));
  return next;
}
