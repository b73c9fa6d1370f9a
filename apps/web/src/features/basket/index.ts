export { type AddItem, useAddToCart } from './api/add-to-cart';
export { type CartLine, type CartView, cartQueryOptions, useCart, useCartCount } from './api/get-cart';
export { AddedPanel } from './components/added-panel';
export { BasketItem } from './components/basket-item';
export { BasketTotals } from './components/basket-totals';
export { TermsCheckbox } from './components/terms';
export { basketKeys } from './keys';
export { isMembershipLine } from './kinds';
export { BasketPage } from './routes/basket-page';
