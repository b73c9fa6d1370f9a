export { CheckoutForm } from './components/checkout-form';
export { CheckoutPage } from './routes/checkout-page';
