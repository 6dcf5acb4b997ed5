import { FeaturePage } from '../../components/feature-page';
import { MarketSettingsAdmin } from '../../features/market-admin';

/** The market's fee and refund window (/admin/marketSettings, admins only; docs/market.md). */
export default function MarketSettingsPage() {
  return (
    <FeaturePage titleKey="menu.adminMarketSettings" subtitleKey="marketAdmin.settings.subtitle">
      <MarketSettingsAdmin />
    </FeaturePage>
  );
}
