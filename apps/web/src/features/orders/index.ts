export { orderKeys } from './keys';
export { BookingConfirmedPage } from './routes/booking-confirmed-page';
