import { FeaturePage } from '../components/feature-page';
import { LeasePanel } from '../features/wallet';

/** /wallet/lease (spec 2.4): lease time bought from the balance. */
export default function WalletLeasePage() {
  return (
    <FeaturePage titleKey="wallet.leaseTitle" subtitleKey="wallet.leaseSubtitle">
      <LeasePanel />
    </FeaturePage>
  );
}
