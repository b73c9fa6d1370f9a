/** What each timetable view (classes, courts, ticketed times) is given by the timetable page. */
export interface TimetableViewProps {
  venue: string;
  /** The activity's slug (the category whose day is shown). */
  activity: string;
  /** The category the activity sits in, for the tickets call (its parent, or itself at the top). */
  category: string;
  /** The activity's name, for rows that carry none (fast-ticket times). */
  name: string;
  /** 'YYYY-MM-DD' */
  date: string;
  /** The venue's v2 migration date; undefined while the venue loads. */
  migrationDate: string | null | undefined;
  timezone: string;
}
