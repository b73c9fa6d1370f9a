export * from './cart';
export * from './catalogue';
export * from './orders';
export * from './payments';
export * from './tenancy';
export * from './timetable';
export * from './users';
export * from './venues';
