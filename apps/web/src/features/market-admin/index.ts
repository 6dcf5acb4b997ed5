// What other parts of the web app use of the market's back office: they import it from here, never from its folders.
export { MarketListingsAdmin } from './components/market-listings-admin';
export { MarketPurchasesAdmin } from './components/market-purchases-admin';
export { MarketSettingsAdmin } from './components/market-settings-admin';
