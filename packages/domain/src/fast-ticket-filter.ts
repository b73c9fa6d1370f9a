/** A session row as the fast-ticket list filters it (doc 2, section 5). */
export interface FilterableSlot {
  /** 'HH:mm' local */
  startsAt: string;
  endsAt: string;
  /** The action the row shows (book, join_waitlist ...) or its message kind. */
  actionStatus: string | null;
  instructorIds: number[];
  tags: string[];
}

export interface SlotFilters {
  /** 'HH:mm'; empty means no bound */
  startTime?: string;
  endTime?: string;
  /** 'all' shows every row; otherwise only rows whose action is in `actions`. */
  actionsToShow: 'all' | 'some';
  actions?: string[];
  instructorIds?: number[];
  tags?: string[];
}

/**
 * Keeps a slot only if it starts at or after the start time and ends by the end time, its action is allowed (or the
 * mode shows all), it has any chosen instructor and any chosen tag. Empty filters allow everything.
 */
export function slotMatches(slot: FilterableSlot, f: SlotFilters): boolean {
  if (f.startTime && slot.startsAt < f.startTime) return false;
  if (f.endTime && slot.endsAt > f.endTime) return false;
  if (f.actionsToShow !== 'all' && f.actions && f.actions.length > 0 && !f.actions.includes(slot.actionStatus ?? '')) return false;
  if (f.instructorIds?.length && !slot.instructorIds.some((id) => f.instructorIds?.includes(id))) return false;
  if (f.tags?.length && !slot.tags.some((tag) => f.tags?.includes(tag))) return false;
  return true;
}

export const filterSlots = <T extends FilterableSlot>(slots: T[], f: SlotFilters): T[] => slots.filter((s) => slotMatches(s, f));
