/** The kiosk (doc 1: 'Back to Kiosk Home' is the spec's; the rest is ours). */
export const kiosk = {
  title: 'Kiosk home',
  backToKioskHome: 'Back to Kiosk Home',
  welcome: 'Welcome',
  welcomeTo: 'Welcome to {{name}}',
  loggedInAs: 'Logged in as {{name}}',
  bookActivity: 'Book an activity',
  myAccount: 'My account',
  logIn: 'Log in',
  idleNotice: 'For your privacy, you will be logged out after a short time without activity.',
} as const;
