import { FeaturePage } from '../../components/feature-page';
import { MarketListingsAdmin } from '../../features/market-admin';

/** Market listings and their review (/admin/marketListings, admins only; docs/market.md). */
export default function MarketListingsPage() {
  return (
    <FeaturePage titleKey="menu.adminMarketListings" subtitleKey="marketAdmin.subtitle">
      <MarketListingsAdmin />
    </FeaturePage>
  );
}
