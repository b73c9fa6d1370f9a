import { toastMessages } from '@app/contracts';

export const activities = {
  chooseActivity: 'Choose an activity',
  chooseSubActivity: 'Choose an activity',
  at: 'at {{venue}}',
  noActivities: 'There are no activities to book at this venue yet.',
  timetable: {
    date: 'Date',
    previousDay: 'Previous day',
    nextDay: 'Next day',
    noSessions: 'There are no sessions on this day.',
    failed: 'The timetable failed to load, please try again.',
    sessions: 'Sessions',
    with: 'with {{names}}',
    book: 'Book',
    bookSession: 'Book {{name}} at {{time}}',
    lowAvailability: 'Low availability',
    price: 'Price',
    location: 'Location',
    instructors: 'Instructors',
  },
  tickets: {
    title: 'Choose tickets',
    quantity: '{{name}} ({{price}})',
    addToBasket: 'Add to basket',
    cancel: 'Cancel',
    none: 'Please choose at least one ticket.',
  },
  added: {
    title: 'Items added to basket',
    text: 'Your session is held in your basket. Check out to confirm your booking.',
    checkout: 'Checkout',
    backHome: 'Back to home',
  },
  toasts: { activityNotFound: toastMessages.activityNotFound },
} as const;
