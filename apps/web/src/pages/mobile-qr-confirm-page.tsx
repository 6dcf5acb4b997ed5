import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { HOME_AFTER_LOGIN } from '../app/home-path';
import { loginPathFor } from '../app/navigation-rules';
import { MobilePage } from '../components/mobile-page';
import { QrConfirmPanel } from '../features/auth';
import { useSession } from '../stores/session-store';

/**
 * Opened on the phone from the sign-in QR code. /mobile is an open prefix (spec 2.1), so this page
 * itself sends a signed-out visitor to sign in first and back here afterwards.
 */
export default function MobileQrConfirmPage() {
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = useSession((session) => session.token);

  if (!token) return <Navigate to={loginPathFor(`${pathname}${search}`)} replace />;

  return (
    <MobilePage>
      <QrConfirmPanel ticket={searchParams.get('ticket') ?? ''} onDone={() => void navigate(HOME_AFTER_LOGIN, { replace: true })} />
    </MobilePage>
  );
}
