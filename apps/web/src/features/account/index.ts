export { DashboardPage } from './routes/dashboard-page';
