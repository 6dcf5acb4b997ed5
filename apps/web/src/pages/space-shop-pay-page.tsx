import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { ShopPayPanel } from '../features/mobile-pay';
import { MobileScreen, signInPath, useSignInFirst } from '../features/mobile-shell';
import { useSession } from '../stores/session-store';

const NUMBER = /^\d{1,15}$/;

/** `/space/shop-pay?listingId=&spaceId=` (spec 2.5): paying for a shop item on a phone; signed out, sign in first and come back. */
export default function SpaceShopPayPage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const token = useSession((session) => session.token);
  const signIn = useSignInFirst();
  if (!token) return <Navigate to={signInPath(`${pathname}${search}`)} replace />;
  const listingId = searchParams.get('listingId') ?? '';
  const spaceId = searchParams.get('spaceId') ?? '';
  return (
    <MobileScreen title={t('mobilePay.shopPay.title')} back={NUMBER.test(spaceId) ? `/space/shop?id=${spaceId}` : '/mobile/home'}>
      <ShopPayPanel
        listingId={NUMBER.test(listingId) ? Number(listingId) : 0}
        openId={searchParams.get('openId') ?? ''}
        onSignInNeeded={signIn}
      />
    </MobileScreen>
  );
}
