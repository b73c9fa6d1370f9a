export * from './availability';
export * from './bookable-action';
export * from './cards';
export * from './cart';
export * from './holds';
export * from './recurrence';
export * from './retry';
export * from './session-tag';
