import { Navigate, useLocation, useParams } from 'react-router';
import { loginPathFor } from '../app/navigation-rules';
import { MobilePage } from '../components/mobile-page';
import { WithdrawalConfirmPanel } from '../features/withdrawals';
import { useSession } from '../stores/session-store';

/**
 * Opened from the notice of a WeChat payout waiting for its payee: they confirm it inside WeChat. /mobile is
 * an open prefix (spec 2.1), so this page itself sends a signed-out visitor to sign in first and back here.
 */
export default function MobileWithdrawConfirmPage() {
  const { pathname } = useLocation();
  const { id = '' } = useParams();
  const token = useSession((session) => session.token);

  if (!token) return <Navigate to={loginPathFor(pathname)} replace />;
  return (
    <MobilePage>
      <WithdrawalConfirmPanel id={/^\d+$/.test(id) ? Number(id) : 0} />
    </MobilePage>
  );
}
