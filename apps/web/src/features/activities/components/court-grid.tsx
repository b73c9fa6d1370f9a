import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAmount } from '../../../lib/format';
import type { CourtGrid as Grid, GridCell } from '../court-grid';

interface CourtGridProps {
  grid: Grid;
  chosen: readonly string[];
  busyIds: readonly string[];
  onToggle: (cell: GridCell) => void;
}

/**
 * Courts across, times down: the way leisure customers book courts (issue 13, defect 4; decision 091). Three courts
 * fit a phone's width; more scroll sideways under a sticky time column, and the court names stay on top while the
 * times scroll. The grid scrolls inside its own box, no taller than most of the screen: a box that scrolls sideways
 * is a scroll container for both directions, so its sticky court names would stick to it, not to the page, and
 * scroll away with the page (issue 13, defect 10). One cell is in the tab order at a time (a roving tabindex): arrows, Home and End move between cells,
 * Space or Enter picks one, and Tab goes on to the action bar.
 */
export function CourtGrid({ grid, chosen, busyIds, onToggle }: CourtGridProps) {
  const { t } = useTranslation('activities');
  const [focus, setFocus] = useState<[number, number]>([0, 0]);
  const table = useRef<HTMLTableElement>(null);
  const rows = grid.times.length;
  const cols = grid.courts.length;
  const [fr, fc] = [Math.min(focus[0], rows - 1), Math.min(focus[1], cols - 1)];

  const move = (r: number, c: number) => {
    const next: [number, number] = [Math.max(0, Math.min(rows - 1, r)), Math.max(0, Math.min(cols - 1, c))];
    setFocus(next);
    table.current?.querySelector<HTMLElement>(`[data-cell="${next[0]}-${next[1]}"]`)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent, r: number, c: number) => {
    const keys: Record<string, () => void> = {
      ArrowUp: () => move(r - 1, c),
      ArrowDown: () => move(r + 1, c),
      ArrowLeft: () => move(r, c - 1),
      ArrowRight: () => move(r, c + 1),
      Home: () => (e.ctrlKey ? move(0, 0) : move(r, 0)),
      End: () => (e.ctrlKey ? move(rows - 1, cols - 1) : move(r, cols - 1)),
      PageUp: () => move(r - 5, c),
      PageDown: () => move(r + 5, c),
    };
    const act = keys[e.key];
    if (act) {
      e.preventDefault();
      act();
    }
  };

  return (
    <div className="max-h-[65dvh] overflow-auto rounded-lg border border-gray-300" data-testid="court-grid-scroller">
      <table ref={table} className="w-full border-separate border-spacing-0 text-sm">
        <caption id="court-grid-caption" className="sr-only">
          {t('slots.gridCaption')}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="sticky top-0 left-0 z-20 border-b border-gray-300 bg-white p-2 text-left">
              {t('slots.time')}
            </th>
            {grid.courts.map((court) => (
              <th key={court.id} scope="col" className="sticky top-0 z-10 min-w-24 border-b border-gray-300 bg-white p-2 text-center">
                {court.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.times.map((time, r) => (
            <tr key={time}>
              <th scope="row" className="sticky left-0 z-10 border-b border-gray-200 bg-white p-2 text-left font-bold">
                <time>{time}</time>
              </th>
              {grid.cells[r]?.map((cell, c) => {
                const court = grid.courts[c]?.name ?? '';
                const key = `${r}-${c}`;
                if (!cell)
                  return (
                    <td key={key} className="border-b border-gray-200 p-1">
                      <span
                        className="flex min-h-11 items-center justify-center rounded-md text-gray-700"
                        data-cell={key}
                        tabIndex={r === fr && c === fc ? 0 : -1}
                        role="img"
                        aria-label={t('slots.cellNone', { court, time })}
                        onKeyDown={(e) => onKeyDown(e, r, c)}
                        onFocus={() => setFocus([r, c])}
                      >
                        –
                      </span>
                    </td>
                  );
                const on = chosen.includes(cell.row.id);
                const status = cell.status === 'taken' ? t('slots.taken') : cell.status;
                const price = cell.price ? showAmount(cell.price, cell.currency) : '';
                const name = cell.selectable
                  ? t('slots.cellAvailable', { court, time, price })
                  : t('slots.cellTaken', { court, time, status });
                return (
                  <td key={key} className="border-b border-gray-200 p-1">
                    <button
                      type="button"
                      data-cell={key}
                      tabIndex={r === fr && c === fc ? 0 : -1}
                      aria-pressed={cell.selectable ? on : undefined}
                      aria-disabled={!cell.selectable || busyIds.includes(cell.row.id) ? true : undefined}
                      aria-label={name}
                      onKeyDown={(e) => onKeyDown(e, r, c)}
                      onFocus={() => setFocus([r, c])}
                      onClick={() => {
                        setFocus([r, c]);
                        if (cell.selectable && !busyIds.includes(cell.row.id)) onToggle(cell);
                      }}
                      className={`flex min-h-11 w-full flex-col items-center justify-center rounded-md border-2 px-1 py-1 font-bold outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-offset-1 focus-visible:outline-primary-text ${
                        !cell.selectable
                          ? 'cursor-not-allowed border-gray-200 bg-gray-100 font-normal text-gray-700'
                          : on
                            ? 'border-primary bg-primary text-on-primary'
                            : 'cursor-pointer border-gray-500 bg-white hover:bg-primary-50'
                      }`}
                    >
                      <span>{cell.selectable ? price || t('slots.free') : status}</span>
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
