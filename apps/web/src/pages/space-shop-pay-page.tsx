import { Navigate, useLocation, useSearchParams } from 'react-router';
import { ShopPayScreen } from '../features/mobile-pay';
import { signInPath } from '../features/mobile-shell';
import { useSession } from '../stores/session-store';

/** `/space/shop-pay?listingId=&spaceId=` (spec 2.5): paying for a shop item on a phone; signed out, sign in first and come back. */
export default function SpaceShopPayPage() {
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const token = useSession((session) => session.token);
  if (!token) return <Navigate to={signInPath(`${pathname}${search}`)} replace />;
  const listingId = searchParams.get('listingId') ?? '';
  return (
    <ShopPayScreen
      listingId={/^\d{1,15}$/.test(listingId) ? Number(listingId) : 0}
      spaceId={/^\d{1,15}$/.test(searchParams.get('spaceId') ?? '') ? searchParams.get('spaceId')! : ''}
      openId={searchParams.get('openId') ?? ''}
    />
  );
}
