import { Navigate, useLocation, useSearchParams } from 'react-router';
import { loginPathFor } from '../app/navigation-rules';
import { AlipayAuthorizationResult } from '../features/withdrawals';
import { useSession } from '../stores/session-store';

/**
 * /alipayAuthorization (spec 2.1, open): where Alipay sends a person back after they approved binding their
 * Alipay account for withdrawals. A signed-out visitor signs in first and comes back here, query and all.
 */
export default function AlipayAuthorizationPage() {
  const { pathname, search } = useLocation();
  const [query] = useSearchParams();
  const token = useSession((session) => session.token);

  if (!token) return <Navigate to={loginPathFor(`${pathname}${search}`)} replace />;
  return (
    <div className="alipay-authorization">
      <AlipayAuthorizationResult authCode={query.get('auth_code') ?? ''} state={query.get('state') ?? ''} />
    </div>
  );
}
