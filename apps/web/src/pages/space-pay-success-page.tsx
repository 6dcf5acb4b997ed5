import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { PaySuccessPanel } from '../features/mobile-pay';
import { MobileScreen, signInPath } from '../features/mobile-shell';
import { useSession } from '../stores/session-store';

/** `/space/paySuccess?orderNo=` (spec 2.5): the payer's order as our server holds it; signed out, sign in first and come back. */
export default function SpacePaySuccessPage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const token = useSession((session) => session.token);
  if (!token) return <Navigate to={signInPath(`${pathname}${search}`)} replace />;
  return (
    <MobileScreen title={t('mobilePay.result.title')}>
      <PaySuccessPanel orderNo={searchParams.get('orderNo') ?? ''} />
    </MobileScreen>
  );
}
