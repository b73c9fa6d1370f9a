export { AccountLayout } from './components/account-layout';
export { BookingForNotice, BookingForSelect, usePeopleBookedFor } from './components/booking-for';
export { accountHref, accountNavItems, accountPaths, bookingsHref, configureAreas, isAccountOrigin } from './paths';
export { BookingsListPage, BookingsPage } from './routes/bookings-page';
export { DashboardPage } from './routes/dashboard-page';
export { DetailsPage } from './routes/details-page';
export { GuestPassesPage, MembershipsPage, PackagesPage } from './routes/holdings-pages';
export { LinkedUsersPage } from './routes/linked-users-page';
export { PaymentsPage } from './routes/payments-page';
