export { type CategoryInfo, categoriesQueryOptions, useCategories } from './api/get-categories';
export { useCategory } from './api/get-category';
// The desk books for customers from these same views (issue 15, decision 162).
export { ClassTimetable } from './components/class-timetable';
export { CourtTimetable } from './components/court-timetable';
export { DayNav } from './components/day-nav';
export { TicketedTimetable } from './components/ticketed-timetable';
export type { TimetableViewProps } from './components/timetable-view';
export { activityKeys } from './keys';
export { ChooseActivityPage } from './routes/choose-activity-page';
export { ChooseSubActivityPage } from './routes/choose-sub-activity-page';
export { ActivityRedirect, DateRedirect } from './routes/legacy-redirects';
export { TimetablePage } from './routes/timetable-page';
