import { FeaturePage } from '../components/feature-page';
import { WalletPanel } from '../features/wallet';

/** /wallet/index (spec 2.4, permission 35): the flow wallet. */
export default function WalletPage() {
  return (
    <FeaturePage titleKey="wallet.title" subtitleKey="wallet.subtitle">
      <WalletPanel />
    </FeaturePage>
  );
}
