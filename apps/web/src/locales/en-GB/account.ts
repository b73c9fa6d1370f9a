export const account = {
  dashboard: {
    title: 'Dashboard',
    welcome: 'Welcome, {{name}}',
    details: 'Your details',
    name: 'Name',
    email: 'Email',
    reference: 'Reference',
    loggedOut: 'Log in to see your account.',
    logIn: 'Log in',
  },
} as const;
