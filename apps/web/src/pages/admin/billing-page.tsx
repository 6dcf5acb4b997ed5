import { FeaturePage } from '../../components/feature-page';
import { BillingSettingsPanel } from '../../features/billing-admin';

/** /admin/billing: traffic, lease and recharge prices (docs/billing.md). */
export default function BillingPage() {
  return (
    <FeaturePage titleKey="billingAdmin.title" subtitleKey="billingAdmin.subtitle">
      <BillingSettingsPanel />
    </FeaturePage>
  );
}
