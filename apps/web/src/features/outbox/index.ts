export { OutboxPage } from './routes/outbox-page';
