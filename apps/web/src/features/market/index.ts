// What other parts of the web app use of the market feature: they import it from here, never from its folders.
export { useListing } from './api/market';
export { BoughtWorks } from './components/bought-works';
export { ListingOverview } from './components/listing-overview';
export { MarketBrowser } from './components/market-browser';
