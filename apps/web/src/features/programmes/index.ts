export { programmeKeys } from './keys';
