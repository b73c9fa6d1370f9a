import { dayjs } from '@app/contracts';

export interface WeeklyRecurrence {
  /** ISO weekdays, 1 = Monday ... 7 = Sunday (weeks start on Monday). */
  weekdays: number[];
  /** Local start time 'HH:MM' in the venue's timezone. */
  startTime: string;
  durationMinutes: number;
  /** First and last local dates (inclusive), 'YYYY-MM-DD'. endsOn null means open-ended. */
  startsOn: string;
  endsOn: string | null;
}

export interface Slot {
  startsAt: Date;
  endsAt: Date;
}

/**
 * Expands a weekly recurrence into sessions between two local dates (inclusive), in a timezone, so a class
 * at 18:00 stays at 18:00 local across a clock change.
 */
export function expandWeekly(rule: WeeklyRecurrence, from: string, to: string, tz: string): Slot[] {
  const [hh, mm] = rule.startTime.split(':').map(Number) as [number, number];
  const first = from > rule.startsOn ? from : rule.startsOn;
  const last = rule.endsOn !== null && rule.endsOn < to ? rule.endsOn : to;
  const slots: Slot[] = [];
  for (let day = dayjs.tz(first, tz); day.format('YYYY-MM-DD') <= last; day = day.add(1, 'day')) {
    const isoWeekday = ((day.day() + 6) % 7) + 1;
    if (!rule.weekdays.includes(isoWeekday)) continue;
    const start = dayjs.tz(`${day.format('YYYY-MM-DD')} ${rule.startTime.padStart(5, '0')}`, 'YYYY-MM-DD HH:mm', tz);
    if (start.hour() !== hh || start.minute() !== mm) continue; // the time does not exist on a spring-forward day
    slots.push({ startsAt: start.toDate(), endsAt: start.add(rule.durationMinutes, 'minute').toDate() });
  }
  return slots;
}
