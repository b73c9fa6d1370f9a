/*
 * What the select (select-field.tsx) and its placeholder (lazy-select-field.tsx) share, so the placeholder is the
 * select's exact size and the one replaces the other without a pixel moving (decision 294).
 */

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

export interface SelectFieldProps<V extends string> {
  label: string;
  value: V;
  options: Option<V>[];
  onChange: (value: V) => void;
  className?: string;
  /** Opens the list as it mounts (its placeholder's button was pressed before the code came). */
  defaultOpen?: boolean;
}

export const selectTriggerClass =
  'flex min-h-11 items-center justify-between gap-2 rounded-md border border-gray-500 bg-white px-3 text-left outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-solid data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-primary-text focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-offset-2 focus-visible:outline-primary-text';
