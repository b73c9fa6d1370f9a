export { programmeKeys } from './keys';
export { ProgrammeCategoriesPage } from './routes/programme-categories-page';
export { ProgrammeDetailsPage } from './routes/programme-details-page';
export { ProgrammeListPage } from './routes/programme-list-page';
export { ProgrammeTimetablePage } from './routes/programme-timetable-page';
