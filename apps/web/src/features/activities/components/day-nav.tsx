import { dateFormats, dayjs } from '@app/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';

interface DayNavProps {
  date: string;
  today: string;
  onChange: (date: string) => void;
}

/** Previous and next day, and a date input; days before today are not offered. */
export function DayNav({ date, today, onChange }: DayNavProps) {
  const { t } = useTranslation('activities');
  const inputId = useId();
  const shift = (days: number) => dayjs(date).add(days, 'day').format(dateFormats.daySlug);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Button variant="secondary" onPress={() => onChange(shift(-1))} isDisabled={date <= today}>
        <ChevronLeft aria-hidden="true" className="size-5" />
        {t('timetable.previousDay')}
      </Button>
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="font-bold">
          {t('timetable.date')}
        </label>
        <input
          id={inputId}
          type="date"
          value={date}
          min={today}
          onChange={(e) => {
            if (/^\d{4}-\d{2}-\d{2}$/.test(e.target.value)) onChange(e.target.value);
          }}
          className="min-h-11 w-[150px] rounded-md border border-gray-500 px-2 focus:outline-3 focus:outline-offset-2 focus:outline-primary-text"
        />
      </div>
      <Button variant="secondary" onPress={() => onChange(shift(1))}>
        {t('timetable.nextDay')}
        <ChevronRight aria-hidden="true" className="size-5" />
      </Button>
    </div>
  );
}
