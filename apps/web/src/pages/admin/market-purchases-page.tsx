import { FeaturePage } from '../../components/feature-page';
import { MarketPurchasesAdmin } from '../../features/market-admin';

/** Market purchases and their refunds (/admin/marketPurchases, admins only; docs/market.md). */
export default function MarketPurchasesPage() {
  return (
    <FeaturePage titleKey="menu.adminMarketPurchases" subtitleKey="marketAdmin.purchases.subtitle">
      <MarketPurchasesAdmin />
    </FeaturePage>
  );
}
