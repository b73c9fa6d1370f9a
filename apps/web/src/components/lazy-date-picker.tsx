import { CalendarDays } from 'lucide-react';
import { type ComponentProps, lazy, useId } from 'react';
import type { DatePicker as DatePickerType } from './date-picker';
import { DATE_PICKER_WIDTH, dateFieldClass, dateGroupClass, dateSegmentClass, dateTriggerClass } from './date-picker-look';
import { LoadOnUse } from './load-on-use';

const load = () => import('./date-picker');
const DatePicker = lazy(() => load().then((m) => ({ default: m.DatePicker })));

type LazyDatePickerProps = Omit<ComponentProps<typeof DatePickerType>, 'defaultOpen'>;

/** React Aria's own name for the picker's button (its en-GB words), which the placeholder's button must also have. */
const CALENDAR = 'Calendar';

/**
 * The date picker (date-picker.tsx) without its code on the page's first download (issue 12, decision 294): React
 * Aria's date field and calendar with @internationalized/date are about 36 KB gzip. Until they are wanted, the same
 * field paints with the day as DD-MM-YYYY and a Calendar button, named as the picker's; pressing it opens the
 * calendar as soon as the code has come.
 */
export function LazyDatePicker(props: LazyDatePickerProps) {
  const labelId = useId();
  const buttonId = useId();
  const [year, month, day] = props.value.split('-');
  return (
    <LoadOnUse
      preload={load}
      placeholder={(trigger) => (
        <div className={dateFieldClass}>
          <span id={labelId} className="font-bold">
            {props.label}
          </span>
          {/* biome-ignore lint/a11y/useSemanticElements: the element and role React Aria's field has, so the swap changes nothing */}
          <div role="group" aria-labelledby={labelId} className={dateGroupClass} style={{ width: DATE_PICKER_WIDTH }}>
            <div className="flex flex-1 tabular-nums">
              {[day, '-', month, '-', year].map((part, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of five parts
                <span key={i} className={dateSegmentClass}>
                  {part}
                </span>
              ))}
            </div>
            <button
              id={buttonId}
              type="button"
              aria-label={CALENDAR}
              aria-labelledby={`${buttonId} ${labelId}`}
              aria-haspopup="dialog"
              aria-expanded="false"
              className={dateTriggerClass}
              {...trigger}
            >
              <CalendarDays aria-hidden="true" className="size-5" />
            </button>
          </div>
        </div>
      )}
    >
      {(open) => <DatePicker {...props} defaultOpen={open} />}
    </LoadOnUse>
  );
}
