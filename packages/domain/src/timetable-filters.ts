import type { BookableActionKind } from '@app/contracts';
import type { SlotFilters } from './fast-ticket-filter';

/** The three filter views of document 2: classes; ad hoc (resource slots); fast tickets (ticketed times). */
export type FilterView = 'classes' | 'adHoc' | 'fastTickets';

/**
 * The actions-to-show choices a customer picks from: every session, or only those whose action is in a group.
 * 'bookable' shows what can be booked now, 'waitlist' the full sessions with a waitlist to join, 'mine' what the
 * customer already holds (booked, reserved or waiting).
 */
export const actionGroups = {
  bookable: ['book'],
  waitlist: ['join_waitlist'],
  mine: ['cancel_booking', 'cancel_reservation', 'leave_waitlist'],
} as const satisfies Record<string, readonly BookableActionKind[]>;
export type ActionGroup = keyof typeof actionGroups;
export type ActionsToShow = 'all' | ActionGroup;

/**
 * Defaults (doc 2, section 4): classes and fast tickets show all actions; the ad hoc view uses another mode, which
 * the spec does not show. Ours is "bookable only": a day of courts is mostly slots someone else already has, and a
 * customer looking for a court wants the free ones (docs/decisions/020-timetable-views.md).
 */
export const defaultActionsToShow = (view: FilterView): ActionsToShow => (view === 'adHoc' ? 'bookable' : 'all');

/** A view's filter state: times, the actions to show, and (classes only) instructors and tags. */
export interface TimetableFilterState {
  startTime: string;
  endTime: string;
  actionsToShow: ActionsToShow;
  instructorIds: number[];
  tags: string[];
}

export const emptyFilters = (view: FilterView): TimetableFilterState => ({
  startTime: '',
  endTime: '',
  actionsToShow: defaultActionsToShow(view),
  instructorIds: [],
  tags: [],
});

/** The filter state as the fast-ticket rule reads it (ad hoc and fast tickets have no instructor or tag filter). */
export function toSlotFilters(view: FilterView, f: TimetableFilterState): SlotFilters {
  const group = f.actionsToShow === 'all' ? undefined : [...actionGroups[f.actionsToShow]];
  return {
    ...(f.startTime ? { startTime: f.startTime } : {}),
    ...(f.endTime ? { endTime: f.endTime } : {}),
    actionsToShow: group ? 'some' : 'all',
    ...(group ? { actions: group } : {}),
    ...(view === 'classes' && f.instructorIds.length ? { instructorIds: f.instructorIds } : {}),
    ...(view === 'classes' && f.tags.length ? { tags: f.tags } : {}),
  };
}

/** Whether a filter state differs from the view's default (so "Clear filters" has something to clear). */
export const isFiltered = (view: FilterView, f: TimetableFilterState): boolean =>
  Boolean(f.startTime || f.endTime || f.instructorIds.length || f.tags.length || f.actionsToShow !== defaultActionsToShow(view));

export interface ChoosableSlot {
  startsAt: string;
  endsAt: string;
  instructors: { id: number; name: string }[];
  tags: string[];
}

/** What the filters offer for a day: its distinct start and end times, instructors (by name) and tags, in order. */
export function filterChoices(slots: ChoosableSlot[]) {
  const instructors = new Map<number, string>();
  for (const s of slots) for (const i of s.instructors) instructors.set(i.id, i.name);
  const sorted = (values: Iterable<string>) => [...new Set(values)].sort();
  return {
    startTimes: sorted(slots.map((s) => s.startsAt)),
    endTimes: sorted(slots.map((s) => s.endsAt)),
    instructors: [...instructors].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
    tags: sorted(slots.flatMap((s) => s.tags)).sort((a, b) => a.localeCompare(b)),
  };
}
