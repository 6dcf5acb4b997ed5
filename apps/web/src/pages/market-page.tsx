import { MarketBrowser } from '../features/market';
import { MarketTopBar } from './market/market-top-bar';

/** /market (open): the works on the market, searched, filtered and sorted as the address says. */
export default function MarketPage() {
  return (
    <div className="market-page">
      <MarketTopBar />
      <MarketBrowser />
    </div>
  );
}
