/** Add to calendar and the private calendar feed (ours: the spec has no words for them; decisions 107 and 108). */
export const calendar = {
  add: 'Add to calendar',
  ics: 'Download .ics',
  google: 'Google Calendar',
  outlook: 'Outlook',
  newTab: '(opens in a new tab)',
  feed: {
    title: 'Calendar feed',
    intro:
      'Subscribe to this private address in your calendar app and your upcoming bookings appear there, and disappear when you cancel them. Keep it to yourself: anyone with it can see your bookings.',
    none: 'You have no calendar feed yet.',
    active: 'Your calendar feed is on. For your security we cannot show its address again: make a new one if you need it.',
    create: 'Make a calendar feed address',
    reset: 'Make a new address (the old one stops working)',
    turnOff: 'Turn off the calendar feed',
    urlLabel: 'Your calendar feed address',
    copyHint: 'Copy this address now: it is shown only once.',
    failed: 'The calendar feed could not be changed. Please try again.',
  },
} as const;
