// What other parts of the web app use of the wallet feature: they import it from here, never from its folders.
export { LeasePanel } from './components/lease-panel';
export { WalletPanel } from './components/wallet-panel';
