/** The /attendees page (doc 1: 'Attendees'). Its title is the spec's; the rest are ours. */
export const attendees = {
  title: 'Attendees',
  basket: 'Shopping basket',
  logIn: 'Log in',
  loading: 'Loading the attendees',
  intro_one: 'Before you pay, please agree to {{count}} waiver for the people in your basket.',
  intro_other: 'Before you pay, please agree to {{count}} waivers for the people in your basket.',
  needed: 'Still to agree',
  agreeFor: 'I agree to the {{name}} for {{person}}',
  forSession: 'For {{session}} on {{date}}',
  agreedOn: '{{person}} agreed on {{date}}',
  none: 'Nobody in your basket has a waiver to agree to.',
  toCheckout: 'Go to checkout',
  continue: 'Save and continue to checkout',
  needWaivers: 'Some people in your basket still need to agree to a waiver before you can pay.',
  toAttendees: 'Agree to the waivers',
  /** The attendee search (doc 1: search attendees, foundAttendees). */
  search: 'Find an attendee',
  searchHint: 'Search by name, email or customer reference.',
  noMatch: 'Nobody matches "{{query}}".',
} as const;
