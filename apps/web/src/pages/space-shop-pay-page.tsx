import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ShopPayPanel } from '../features/mobile-pay';
import { MobileScreen, signInPath, useSignInFirst } from '../features/mobile-shell';
import { useSession } from '../stores/session-store';

const NUMBER = /^\d{1,15}$/;
/** What WeChat's authorization appends to this page's address on the way back. */
const WECHAT_ADDITIONS = ['code', 'state'] as const;

/** `/space/shop-pay?listingId=&spaceId=` (spec 2.5): paying for a shop item on a phone; signed out, sign in first and come back. */
export default function SpaceShopPayPage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = useSession((session) => session.token);
  const signIn = useSignInFirst();
  const own = new URLSearchParams(searchParams);
  for (const name of WECHAT_ADDITIONS) own.delete(name);
  const returnPath = own.size > 0 ? `${pathname}?${own.toString()}` : pathname;
  const clearWechatReturn = useCallback(() => void navigate(returnPath, { replace: true }), [navigate, returnPath]);
  if (!token) return <Navigate to={signInPath(`${pathname}${search}`)} replace />;
  const listingId = searchParams.get('listingId') ?? '';
  const spaceId = searchParams.get('spaceId') ?? '';
  const state = searchParams.get('state');
  const code = searchParams.get('code');
  return (
    <MobileScreen title={t('mobilePay.shopPay.title')} back={NUMBER.test(spaceId) ? `/space/shop?id=${spaceId}` : '/mobile/home'}>
      <ShopPayPanel
        listingId={NUMBER.test(listingId) ? Number(listingId) : 0}
        wechatReturn={state ? { state, ...(code ? { code } : {}) } : undefined}
        returnPath={returnPath}
        onWechatReturnHandled={clearWechatReturn}
        onSignInNeeded={signIn}
      />
    </MobileScreen>
  );
}
