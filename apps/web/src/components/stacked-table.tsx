import type { ReactNode } from 'react';

/**
 * A table (an account table, a course's sessions) that is a table from the tablet breakpoint up and a list of cards below it (issue 13, defect 9):
 * a 390 px phone cannot fit six columns, and a table that scrolls sideways hides its last column ('Remove link').
 * On a phone the header row is read by screen readers only and each cell carries its column's name as a visible label.
 */
export const stacked = {
  table: 'w-full border-collapse text-left max-sm:block',
  head: 'max-sm:sr-only',
  headRow: 'border-b-2 border-gray-400',
  body: 'max-sm:flex max-sm:flex-col max-sm:gap-3',
  row: 'border-b border-gray-300 max-sm:flex max-sm:flex-col max-sm:gap-1 max-sm:rounded-lg max-sm:border max-sm:p-3',
} as const;

/** A cell with its column's name shown before it on a phone. */
export function StackedCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="p-2 max-sm:flex max-sm:flex-wrap max-sm:gap-x-2 max-sm:p-0">
      <span className="font-bold sm:hidden">{label}:</span>
      <span className="min-w-0">{children}</span>
    </td>
  );
}
