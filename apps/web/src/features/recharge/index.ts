// What other parts of the web app use of the payments feature: they import it from here, never from its folders.
export { RechargePanel } from './components/recharge-panel';
export { SandboxCheckoutPanel } from './components/sandbox-checkout-panel';
