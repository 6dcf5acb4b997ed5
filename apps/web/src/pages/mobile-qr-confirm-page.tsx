import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { HOME_AFTER_LOGIN } from '../app/home-path';
import { loginPathFor } from '../app/navigation-rules';
import { BrandMark } from '../components/brand-mark';
import { LanguageSwitch } from '../components/language-switch';
import { QrConfirmPanel } from '../features/auth/components/qr-confirm-panel';
import { useSession } from '../stores/session-store';
import './mobile/mobile-qr-confirm-page.css';

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
    <div className="mobile-qr-confirm">
      <header className="mobile-qr-confirm__bar">
        <BrandMark />
        <LanguageSwitch />
      </header>
      <main className="mobile-qr-confirm__main">
        <QrConfirmPanel ticket={searchParams.get('ticket') ?? ''} onDone={() => void navigate(HOME_AFTER_LOGIN, { replace: true })} />
      </main>
    </div>
  );
}
