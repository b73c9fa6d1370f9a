export { type Plan, plansQueryOptions, usePlans } from './api/get-plans';
export { pricingKeys } from './keys';
export { PricingPage } from './routes/pricing-page';
