import { Navigate, useLocation, useSearchParams } from 'react-router';
import { PaySuccessScreen } from '../features/mobile-pay';
import { signInPath } from '../features/mobile-shell';
import { useSession } from '../stores/session-store';

/** `/space/paySuccess?orderNo=` (spec 2.5): the payer's order as our server holds it; signed out, sign in first and come back. */
export default function SpacePaySuccessPage() {
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const token = useSession((session) => session.token);
  if (!token) return <Navigate to={signInPath(`${pathname}${search}`)} replace />;
  return <PaySuccessScreen orderNo={searchParams.get('orderNo') ?? ''} />;
}
