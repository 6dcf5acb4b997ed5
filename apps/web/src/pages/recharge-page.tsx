import { FeaturePage } from '../components/feature-page';
import { RechargePanel } from '../features/recharge';

/** /recharge/index (spec 2.3, photographers and customers): buy months of traffic with a QR payment. */
export default function RechargePage() {
  return (
    <FeaturePage titleKey="payments.title" subtitleKey="payments.subtitle">
      <RechargePanel />
    </FeaturePage>
  );
}
