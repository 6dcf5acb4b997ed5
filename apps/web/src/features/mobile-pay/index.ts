// What other parts of the web app use of mobile pay (docs/mobile-pay.md): they import it from here, never from its folders.
export { ShopPayScreen } from './components/shop-pay-screen';
export { PaySuccessScreen } from './components/pay-success-screen';
export { paySuccessPath } from './lib/paths';
