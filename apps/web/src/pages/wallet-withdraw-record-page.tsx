import { FeaturePage } from '../components/feature-page';
import { WithdrawalRecords } from '../features/withdrawals';

/** /wallet/withdrawRecord (spec 2.4, wallet permission): every withdrawal and what became of it. */
export default function WalletWithdrawRecordPage() {
  return (
    <FeaturePage titleKey="menu.walletWithdrawRecord" subtitleKey="withdrawals.recordsSubtitle">
      <WithdrawalRecords />
    </FeaturePage>
  );
}
