import { type CalendarDate, parseDate } from '@internationalized/date';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useContext, useId } from 'react';
import {
  DatePicker as AriaDatePicker,
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarStateContext,
  DateInput,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
} from 'react-aria-components';

import { DATE_PICKER_WIDTH, dateFieldClass, dateGroupClass, dateSegmentClass, dateTriggerClass } from './date-picker-look';

const LOCALE = 'en-GB';

interface DatePickerProps {
  label: string;
  /** 'YYYY-MM-DD' */
  value: string;
  /** The first day that can be chosen ('YYYY-MM-DD'); earlier days are disabled. */
  min: string;
  onChange: (day: string) => void;
  /** Days to mark ('YYYY-MM-DD'), e.g. the days that have sessions. */
  marked?: ReadonlySet<string>;
  /** Says what a mark means, for the legend and for screen readers: 'Days with sessions'. */
  markedLabel?: string;
  /** Opens the calendar as it mounts (its placeholder's button was pressed: lazy-date-picker.tsx). */
  defaultOpen?: boolean;
}

const safeParse = (day: string): CalendarDate | null => {
  try {
    return parseDate(day);
  } catch {
    return null;
  }
};

/** The marked days of the month on show, said in words (a dot alone tells a screen reader nothing). */
function MarkedSummary({ id, marked, label }: { id: string; marked: ReadonlySet<string>; label: string }) {
  const state = useContext(CalendarStateContext);
  if (!state) return null;
  const month = state.visibleRange.start.toString().slice(0, 7);
  const days = [...marked]
    .filter((d) => d.startsWith(month))
    .sort()
    .map((d) => String(Number(d.slice(8))));
  return (
    <p id={id} className="sr-only">
      {`${label}: ${days.length ? days.join(', ') : '-'}`}
    </p>
  );
}

/**
 * A date field with a calendar (React Aria): typed or picked, keyboard operable throughout. The segments show
 * DD-MM-YYYY (the en-GB order, with the spec's dashes), past days are disabled and marked days carry a dot.
 */
export function DatePicker({ label, value, min, onChange, marked, markedLabel, defaultOpen }: DatePickerProps) {
  const summaryId = useId();
  const current = safeParse(value);
  const minValue = safeParse(min) ?? undefined;
  return (
    <I18nProvider locale={LOCALE}>
      <AriaDatePicker
        value={current}
        minValue={minValue}
        onChange={(next) => {
          if (next && (!minValue || next.compare(minValue) >= 0)) onChange(next.toString());
        }}
        granularity="day"
        shouldForceLeadingZeros
        defaultOpen={defaultOpen}
        className={dateFieldClass}
      >
        <Label className="font-bold">{label}</Label>
        <Group className={dateGroupClass} style={{ width: DATE_PICKER_WIDTH }}>
          <DateInput className="flex flex-1 tabular-nums">
            {(segment) => (
              <DateSegment segment={segment.type === 'literal' ? { ...segment, text: '-' } : segment} className={dateSegmentClass} />
            )}
          </DateInput>
          <Button className={dateTriggerClass}>
            <CalendarDays aria-hidden="true" className="size-5" />
          </Button>
        </Group>
        <Popover className="rounded-lg border border-gray-300 bg-white p-3 shadow-xl" placement="bottom start">
          <Dialog className="outline-none">
            <Calendar firstDayOfWeek="mon" aria-describedby={marked && markedLabel ? summaryId : undefined}>
              <header className="mb-2 flex items-center justify-between gap-2">
                <Button slot="previous" className="flex size-10 items-center justify-center rounded-md hover:bg-gray-100">
                  <ChevronLeft aria-hidden="true" className="size-5" />
                </Button>
                <Heading className="font-bold" />
                <Button slot="next" className="flex size-10 items-center justify-center rounded-md hover:bg-gray-100">
                  <ChevronRight aria-hidden="true" className="size-5" />
                </Button>
              </header>
              <CalendarGrid className="border-separate border-spacing-0.5">
                {(date) => {
                  const hasMark = marked?.has(date.toString()) ?? false;
                  return (
                    <CalendarCell
                      date={date}
                      data-marked={hasMark || undefined}
                      className="relative flex size-10 cursor-pointer items-center justify-center rounded-md outline-none data-[disabled]:cursor-default data-[disabled]:text-gray-400 data-[focus-visible]:outline-3 data-[focus-visible]:outline-solid data-[focus-visible]:outline-primary-text data-[hovered]:bg-gray-100 data-[outside-month]:hidden data-[selected]:bg-primary data-[selected]:text-on-primary"
                    >
                      {({ formattedDate, isDisabled }) => (
                        <>
                          {formattedDate}
                          {hasMark && !isDisabled ? (
                            <span aria-hidden="true" className="absolute bottom-1 size-1.5 rounded-full bg-current" />
                          ) : null}
                        </>
                      )}
                    </CalendarCell>
                  );
                }}
              </CalendarGrid>
              {marked && markedLabel ? (
                <>
                  <p aria-hidden="true" className="mt-2 flex items-center gap-2 text-sm text-gray-700">
                    <span className="inline-block size-1.5 rounded-full bg-gray-800" />
                    {markedLabel}
                  </p>
                  <MarkedSummary id={summaryId} marked={marked} label={markedLabel} />
                </>
              ) : null}
            </Calendar>
          </Dialog>
        </Popover>
      </AriaDatePicker>
    </I18nProvider>
  );
}
