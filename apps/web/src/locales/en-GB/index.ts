import { account } from './account';
import { activities } from './activities';
import { attendees } from './attendees';
import { auth } from './auth';
import { basket } from './basket';
import { calendar } from './calendar';
import { checkout } from './checkout';
import { common } from './common';
import { courses } from './courses';
import { home } from './home';
import { kiosk } from './kiosk';
import { orders } from './orders';
import { outbox } from './outbox';
import { pricing } from './pricing';
import { venues } from './venues';

export const enGB = {
  common,
  home,
  activities,
  courses,
  venues,
  basket,
  checkout,
  auth,
  account,
  orders,
  kiosk,
  outbox,
  pricing,
  attendees,
  calendar,
} as const;
