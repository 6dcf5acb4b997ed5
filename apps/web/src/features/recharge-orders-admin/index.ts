// What other parts of the web app use of the back office's recharge orders: they import it from here, never from its folders.
export { RechargeOrdersAdmin } from './components/recharge-orders-admin';
