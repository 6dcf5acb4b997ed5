import { FeaturePage } from '../components/feature-page';
import { CodeField } from '../features/auth';
import { WithdrawPanel } from '../features/withdrawals';

/** /wallet/withdraw (spec 2.4, wallet permission): take earned income out to a bound Alipay account or WeChat. */
export default function WalletWithdrawPage() {
  return (
    <FeaturePage titleKey="menu.walletWithdraw" subtitleKey="withdrawals.subtitle">
      {/* Binding and withdrawing ask for an SMS code: the auth feature's field, lent to the withdrawals feature. */}
      <WithdrawPanel codeField={CodeField} />
    </FeaturePage>
  );
}
