import { dateFormats, dayjs } from '@app/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { LazyDatePicker } from '../../../components/lazy-date-picker';
import { showDate, showWeekday } from '../../../lib/format';
import { stripDays } from '../week-strip';

interface DayNavProps {
  date: string;
  today: string;
  onChange: (date: string) => void;
  /** Days with sessions still to come, marked in the strip and the calendar. */
  marked?: ReadonlySet<string>;
}

/**
 * A 7-day strip (issue 13, defect 5; decision 092): the seven days from today, or the seven after them, and so on,
 * whichever holds the day shown, with the days that have sessions marked; previous and next day at its ends, and the
 * date picker for anything further. Days before today are not offered.
 */
export function DayNav({ date, today, onChange, marked }: DayNavProps) {
  const { t } = useTranslation('activities');
  const shift = (days: number) => dayjs(date).add(days, 'day').format(dateFormats.daySlug);
  const days = stripDays(date, today);
  return (
    <div className="flex flex-col gap-3">
      <nav aria-label={t('timetable.week')} className="flex items-stretch gap-1" data-keep-focus>
        <Button
          variant="secondary"
          className="shrink-0 px-2"
          onPress={() => onChange(shift(-1))}
          isDisabled={date <= today}
          aria-label={t('timetable.previousDay')}
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </Button>
        <ul className="grid min-w-0 flex-1 grid-cols-7 gap-1">
          {days.map((day) => {
            const current = day === date;
            const has = marked?.has(day) ?? false;
            return (
              <li key={day} className="min-w-0">
                <button
                  type="button"
                  onClick={() => onChange(day)}
                  aria-current={current ? 'date' : undefined}
                  className={`flex min-h-14 w-full cursor-pointer flex-col items-center justify-center rounded-md border-2 px-0.5 py-1 text-sm outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-offset-2 focus-visible:outline-primary-text ${
                    current ? 'border-primary bg-primary font-bold text-on-primary' : 'border-gray-300 bg-white hover:bg-primary-50'
                  }`}
                >
                  {/* Named by content (no aria-label, so nothing to mismatch): the full day for a screen reader, the short
                      form on screen. */}
                  <span className="sr-only">{`${showDate(day)}${has ? `, ${t('timetable.hasSessions')}` : ''}`}</span>
                  <span aria-hidden="true">{showWeekday(day)}</span>
                  <span aria-hidden="true" className="text-lg font-bold">
                    {dayjs(day).format('D')}
                  </span>
                  <span
                    aria-hidden="true"
                    className={`size-1.5 rounded-full ${has ? (current ? 'bg-on-primary' : 'bg-primary') : 'bg-transparent'}`}
                  />
                </button>
              </li>
            );
          })}
        </ul>
        <Button variant="secondary" className="shrink-0 px-2" onPress={() => onChange(shift(1))} aria-label={t('timetable.nextDay')}>
          <ChevronRight aria-hidden="true" className="size-5" />
        </Button>
      </nav>
      <div data-keep-focus>
        <LazyDatePicker
          label={t('timetable.date')}
          value={date}
          min={today}
          onChange={onChange}
          marked={marked}
          markedLabel={t('timetable.daysWithSessions')}
        />
      </div>
    </div>
  );
}
