import { Route, Routes } from 'react-router';
import { deskProgrammePaths } from '../programmes/desk-paths';
import { StaffLayout } from './components/staff-layout';
import { BookForCustomerPage } from './routes/book-for-customer-page';
import { CustomerRecordPage } from './routes/customer-record-page';
import { CustomerSearchPage } from './routes/customer-search-page';
import { DeskCheckoutPage } from './routes/desk-checkout-page';
import { DeskProgrammePage } from './routes/desk-programme-page';
import { ReceiptPage } from './routes/receipt-page';
import { RegisterCustomerPage } from './routes/register-customer-page';
import { RegisterPage } from './routes/register-page';
import { RegistersPage } from './routes/registers-page';
import { SettingsPage } from './routes/settings-page';
import { TillsPage } from './routes/tills-page';
import './strings';

/*
 * The whole staff console is this one lazily loaded chunk (decision 085): the router loads it for `/staff/*` only,
 * and nothing outside features/staff imports it, so a customer's pages never carry it. Its pages are small, so
 * they share the chunk rather than splitting further (decision 131).
 */
export function StaffRoutes() {
  return (
    <Routes>
      <Route element={<StaffLayout />}>
        <Route index element={<CustomerSearchPage />} />
        <Route path="customers/new" element={<RegisterCustomerPage />} />
        <Route path="customers/:customerId" element={<CustomerRecordPage />} />
        <Route path="registers" element={<RegistersPage />} />
        <Route path="registers/:occurrenceId" element={<RegisterPage />} />
        <Route path="tills" element={<TillsPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="customers/:customerId/book" element={<BookForCustomerPage />} />
        <Route path="customers/:customerId/checkout" element={<DeskCheckoutPage />} />
        {deskProgrammePaths.map(({ path, kind, page }) => (
          <Route key={path} path={path} element={<DeskProgrammePage kind={kind} page={page} />} />
        ))}
        <Route path="receipts/:orderId" element={<ReceiptPage />} />
        <Route path="*" element={<CustomerSearchPage />} />
      </Route>
    </Routes>
  );
}

/*
 * The router lists the console's pages itself (router.tsx) rather than matching `staff/*` here: a splat route
 * ranks below the customers' three-segment legacy redirect (`:venueSlug/:activitySlug/:dateSlug`), which took
 * `/staff/customers/11`. StaffRoutes above stays for rendering the console on its own (the component tests).
 */
export {
  BookForCustomerPage,
  CustomerRecordPage,
  CustomerSearchPage,
  DeskCheckoutPage,
  DeskProgrammePage,
  ReceiptPage,
  RegisterCustomerPage,
  RegisterPage,
  RegistersPage,
  SettingsPage,
  StaffLayout,
  TillsPage,
};
