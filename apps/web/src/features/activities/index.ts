export { activityKeys } from './keys';
export { ChooseActivityPage } from './routes/choose-activity-page';
export { ChooseSubActivityPage } from './routes/choose-sub-activity-page';
export { TimetablePage } from './routes/timetable-page';
