import { pageMessages, sharedDefaultMessage, statusMessages, toastMessages } from '@app/contracts';

export const common = {
  appTitle: 'Bookings',
  titleTemplate: '{{site}} | {{title}}',
  home: 'Home',
  skipToMain: 'Skip to main content',
  loading: 'Loading',
  mainNavigation: 'Main',
  breadcrumbs: 'Breadcrumb',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  menu: 'Menu',
  close: 'Close',
  /** A list's previous and next page (components/pager.tsx). */
  pager: {
    label: 'Pages',
    previous: 'Previous page',
    next: 'Next page',
    current: 'Page {{page}} of {{total}}',
  },
  nav: {
    bookActivity: 'Book an activity',
    bookCamp: 'Book a camp',
    bookCourse: 'Book a course',
    buyMembership: 'Buy a membership',
  },
  account: {
    logIn: 'Log in',
    createAccount: 'Create an account',
    myAccount: 'My account',
    logOut: 'Log out',
    accountNavigation: 'Account',
    dashboard: 'Dashboard',
  },
  basketLink: 'Shopping basket',
  basketCount_one: '{{count}} item',
  basketCount_other: '{{count}} items',
  footer: 'Footer',
  pages: pageMessages,
  status: statusMessages,
  sharedDefault: sharedDefaultMessage,
  toasts: {
    selectVenue: toastMessages.selectVenue,
    activityNotFound: toastMessages.activityNotFound,
    errorTitle: toastMessages.errorTitle,
  },
  /** A waiver agreed before a booking is added (components/waiver-consent.tsx). */
  waivers: {
    loading: 'Loading the terms',
    agree: 'I agree to the {{name}}',
  },
  /** The show-password toggle of a password field (components/fields.tsx; issue 13, defect 12). */
  showPassword: 'Show password',
  hidePassword: 'Hide password',
} as const;
