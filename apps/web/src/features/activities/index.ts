export { type CategoryInfo, categoriesQueryOptions, useCategories } from './api/get-categories';
export { useCategory } from './api/get-category';
export { activityKeys } from './keys';
export { ChooseActivityPage } from './routes/choose-activity-page';
export { ChooseSubActivityPage } from './routes/choose-sub-activity-page';
export { ActivityRedirect, DateRedirect } from './routes/legacy-redirects';
export { TimetablePage } from './routes/timetable-page';
