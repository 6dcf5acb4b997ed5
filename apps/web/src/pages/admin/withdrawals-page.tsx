import { FeaturePage } from '../../components/feature-page';
import { WithdrawalReviewQueue } from '../../features/withdrawals/components/withdrawal-review-queue';

/** The withdrawal review queue (/admin/withdrawals, admins only). */
export default function WithdrawalsPage() {
  return (
    <FeaturePage titleKey="menu.adminWithdrawals" subtitleKey="withdrawals.admin.subtitle">
      <WithdrawalReviewQueue />
    </FeaturePage>
  );
}
