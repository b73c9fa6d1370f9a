import { dateFormats, dayjs } from '@app/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { DatePicker } from '../../../components/date-picker';

interface DayNavProps {
  date: string;
  today: string;
  onChange: (date: string) => void;
  /** Days with sessions, marked in the calendar. */
  marked?: ReadonlySet<string>;
}

/** Previous and next day, and the date picker; days before today are not offered. */
export function DayNav({ date, today, onChange, marked }: DayNavProps) {
  const { t } = useTranslation('activities');
  const shift = (days: number) => dayjs(date).add(days, 'day').format(dateFormats.daySlug);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Button variant="secondary" onPress={() => onChange(shift(-1))} isDisabled={date <= today}>
        <ChevronLeft aria-hidden="true" className="size-5" />
        {t('timetable.previousDay')}
      </Button>
      <DatePicker
        label={t('timetable.date')}
        value={date}
        min={today}
        onChange={onChange}
        marked={marked}
        markedLabel={t('timetable.daysWithSessions')}
      />
      <Button variant="secondary" onPress={() => onChange(shift(1))}>
        {t('timetable.nextDay')}
        <ChevronRight aria-hidden="true" className="size-5" />
      </Button>
    </div>
  );
}
