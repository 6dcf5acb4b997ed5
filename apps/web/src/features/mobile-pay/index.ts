// What other parts of the web app use of mobile pay (docs/mobile-pay.md): they import it from here, never from its folders.
export { ShopPayPanel } from './components/shop-pay-panel';
export { PaySuccessPanel } from './components/pay-success-panel';
export { paySuccessPath } from './lib/paths';
