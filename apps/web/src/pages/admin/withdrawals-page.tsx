import { FeaturePage } from '../../components/feature-page';
import { WithdrawalReviewQueue } from '../../features/withdrawals';

/** The withdrawal review queue (/admin/withdrawals, admins only). */
export default function WithdrawalsPage() {
  return (
    <FeaturePage titleKey="menu.adminWithdrawals" subtitleKey="withdrawals.admin.subtitle">
      <WithdrawalReviewQueue />
    </FeaturePage>
  );
}
