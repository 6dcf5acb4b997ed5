import { TabBar } from 'antd-mobile';
import { AppOutline, EnvironmentOutline, AppstoreOutline, UserOutline, StarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { signInPath } from '../lib/sign-in';
import { useSession } from '../../../stores/session-store';

export type MobileTab = 'home' | 'category' | 'map' | 'product' | 'me';

/** Where each tab goes; "me" is the signed-in person's own spaces, or sign-in first. */
export function mobileTabPath(tab: MobileTab, uid: string): string {
  switch (tab) {
    case 'home':
      return '/mobile/home';
    case 'category':
      return '/mobile/category/all';
    case 'map':
      return '/mobile/map';
    case 'product':
      return '/mobile/product';
    case 'me':
      return uid ? `/mobile_space?uid=${encodeURIComponent(uid)}` : signInPath('/mobile_space');
  }
}

/** Which tab a path belongs to, so the bar lights the right one. */
export function mobileTabOf(pathname: string): MobileTab | undefined {
  if (pathname.startsWith('/mobile/home')) return 'home';
  if (pathname.startsWith('/mobile/category')) return 'category';
  if (pathname.startsWith('/mobile/map')) return 'map';
  if (pathname.startsWith('/mobile/product')) return 'product';
  if (pathname.startsWith('/mobile_space') || pathname.startsWith('/space')) return 'me';
  return undefined;
}

const TABS: readonly { key: MobileTab; icon: React.ReactNode }[] = [
  { key: 'home', icon: <AppOutline /> },
  { key: 'category', icon: <AppstoreOutline /> },
  { key: 'map', icon: <EnvironmentOutline /> },
  { key: 'product', icon: <StarOutline /> },
  { key: 'me', icon: <UserOutline /> },
];

/** The bottom bar of the phone pages: the thumb's way between home, categories, map, product and one's spaces. */
export function MobileTabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const uid = useSession((session) => session.uid);
  return (
    <nav className="m-tab-bar" aria-label={t('mobileShell.tabs.label')}>
      <TabBar safeArea activeKey={mobileTabOf(pathname) ?? null} onChange={(key) => void navigate(mobileTabPath(key as MobileTab, uid))}>
        {TABS.map((tab) => (
          <TabBar.Item key={tab.key} icon={tab.icon} title={t(`mobileShell.tabs.${tab.key}`)} data-testid={`mobile-tab-${tab.key}`} />
        ))}
      </TabBar>
    </nav>
  );
}
