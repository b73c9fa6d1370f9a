/*
 * The date picker's look, shared by the picker (date-picker.tsx) and the placeholder that paints before its code has
 * come (lazy-date-picker.tsx), so the one replaces the other without a pixel moving (decision 294).
 */

/** Doc 2: dates show as DD-MM-YYYY in en-gb, weeks start on Monday, the picker is 150 px wide. */
export const DATE_PICKER_WIDTH = 150;
export const dateFieldClass = 'flex flex-col gap-1';
export const dateGroupClass =
  'flex min-h-11 items-center rounded-md border border-gray-500 bg-white pl-2 focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-primary-text data-[invalid]:border-red-700';
export const dateSegmentClass =
  'rounded-sm px-px outline-none data-[focused]:bg-primary data-[focused]:text-on-primary data-[placeholder]:text-gray-600';
export const dateTriggerClass =
  'flex size-10 shrink-0 items-center justify-center rounded-md outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-solid data-[focus-visible]:outline-primary-text focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-primary-text';
