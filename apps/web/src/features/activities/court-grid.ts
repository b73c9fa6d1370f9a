import { isSelectable, sessionTag } from '@app/domain';
import type { Session } from './api/get-timetable';
import { type RowView, sessionRow } from './rows';

/** One court at one time: the session behind it, what it costs, and whether it can be chosen. */
export interface GridCell {
  row: RowView;
  /** Price in the smallest unit (0 when the session carries none). */
  price: number;
  currency: string;
  selectable: boolean;
  /** 'available', 'taken' (someone else has it), or the tag it shows instead (Booked, Past session, a message). */
  status: string;
}

export interface CourtGrid {
  /** The courts, left to right, in a stable order (decision 091). */
  courts: { id: number; name: string }[];
  /** Start times down the side, 'HH:mm', in order. */
  times: string[];
  /** cells[time][courtIndex]: null where that court has no session then. */
  cells: (GridCell | null)[][];
}

const byName = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

/**
 * The courts of a day in the order a customer learns them: by name with numbers read as numbers (Court 2 before
 * Court 10), then by id, never by what happens to be free first, so a court keeps its column from day to day.
 */
export const courtOrder = (a: { id: number; name: string }, b: { id: number; name: string }): number =>
  byName.compare(a.name, b.name) || a.id - b.id;

/** A day's court sessions as a courts x times grid; a session sits under its own (first) location. */
export function courtGrid(sessions: Session[], now: Date): CourtGrid {
  const courts = new Map<number, string>();
  for (const s of sessions) {
    const first = s.locations[0];
    if (first) courts.set(first.id, first.name);
  }
  const ordered = [...courts].map(([id, name]) => ({ id, name })).sort(courtOrder);
  const column = new Map(ordered.map((c, i) => [c.id, i]));
  const times = [...new Set(sessions.map((s) => s.startsAt.format24Hour))].sort();
  const line = new Map(times.map((t, i) => [t, i]));
  const cells: (GridCell | null)[][] = times.map(() => ordered.map(() => null));
  for (const s of sessions) {
    const c = column.get(s.locations[0]?.id ?? -1);
    const r = line.get(s.startsAt.format24Hour);
    if (c === undefined || r === undefined) continue;
    const row = sessionRow(s, now);
    const tag = sessionTag(row.tagInput);
    const selectable = isSelectable(row.tagInput);
    (cells[r] as (GridCell | null)[])[c] = {
      row,
      price: s.price?.value ?? 0,
      currency: s.price?.currency ?? 'GBP',
      selectable,
      status: selectable ? 'available' : tag.kind === 'sold_out' || tag.kind === 'join_waitlist' ? 'taken' : tag.label,
    };
  }
  return { courts: ordered, times, cells };
}
