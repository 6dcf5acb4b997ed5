import { HomeOutlined, MenuFoldOutlined, MenuUnfoldOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { MOBILE_BREAKPOINT_PX, SIDEBAR_WIDTH_PX } from '@spatia/contract';
import { hasPage, isPathAccessible } from '../../app/access';
import { routeTable } from '../../app/route-table';
import { BrandMark } from '../../components/brand-mark';
import { LanguageSwitch } from '../../components/language-switch';
import { AppDownloadDialog } from '../../features/app-download';
import { MembershipDialog } from '../../features/membership';
import { NotificationBell } from '../../features/notifications';
import { useMediaQuery } from '../../lib/use-media-query';
import { useSession } from '../../stores/session-store';
import { appSettings, closeSidebar, setDevice, toggleSidebar, uiStore, useUi } from '../../stores/ui-store';
import { UserMenu } from '../user-menu';
import { ConsoleBreadcrumb } from './console-breadcrumb';
import { SidebarMenu } from './sidebar-menu';
import { useAccessibleRoutes } from './use-accessible-routes';
import './console-layout.css';

const COLLAPSED_WIDTH_PX = 64;
const PROFILE_PATH = '/userInformation/index';
const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/** Device mode follows the viewport; under 992px the sidebar closes (spec 2.6, 4). */
function useResponsiveDevice(): void {
  const mobile = useMediaQuery(mobileQuery);
  useEffect(() => {
    setDevice(mobile ? 'mobile' : 'desktop');
    if (mobile) closeSidebar(true);
  }, [mobile]);
}

export default function ConsoleLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const routes = useAccessibleRoutes();
  const opened = useUi((state) => state.sidebar.opened);
  const withoutAnimation = useUi((state) => state.sidebar.withoutAnimation);
  const device = useUi((state) => state.device);
  const roles = useSession((session) => session.roles);
  const menus = useSession((session) => session.menus);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const [membershipOpen, setMembershipOpen] = useState(false);
  const isMobile = device === 'mobile';

  useResponsiveDevice();

  useEffect(() => {
    // On a phone the drawer gives way to the page the user picked.
    // (Only on navigation: `isMobile` is read, not watched, so opening the drawer does not close it.)
    if (uiStore.get().device === 'mobile') closeSidebar(false);
  }, [pathname]);

  const userLinks = [
    { key: '/', icon: <HomeOutlined />, label: t('common.actions.home') },
    ...(hasPage(routeTable, PROFILE_PATH) && isPathAccessible(PROFILE_PATH, { roles, menus })
      ? [{ key: PROFILE_PATH, icon: <UserOutlined />, label: t('menu.myProfile') }]
      : []),
  ];

  const menu = <SidebarMenu routes={routes} collapsed={!isMobile && !opened} />;

  return (
    <Layout className={`console-layout${withoutAnimation ? ' console-layout--no-animation' : ''}`} data-device={device}>
      <a href="#console-main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      {isMobile ? (
        <Drawer
          placement="left"
          open={opened}
          onClose={() => closeSidebar(false)}
          size={SIDEBAR_WIDTH_PX}
          closable={false}
          styles={{ body: { padding: 0 } }}
          title={<BrandMark />}
          className="console-drawer"
        >
          <nav aria-label={t('layout.sidebar')} data-testid="console-sidebar">
            <SidebarMenu routes={routes} collapsed={false} onNavigate={() => closeSidebar(false)} />
          </nav>
        </Drawer>
      ) : (
        <Layout.Sider
          width={SIDEBAR_WIDTH_PX}
          collapsedWidth={COLLAPSED_WIDTH_PX}
          collapsed={!opened}
          trigger={null}
          theme="light"
          className="console-sider"
          data-testid="console-sidebar"
          data-opened={opened ? 'true' : 'false'}
        >
          {appSettings.sidebarLogo && (
            <div className="console-sider__logo">
              <BrandMark compact={!opened} />
            </div>
          )}
          <nav aria-label={t('layout.sidebar')}>{menu}</nav>
        </Layout.Sider>
      )}
      <Layout className="console-main">
        <Layout.Header className={`console-navbar${appSettings.fixedHeader ? ' console-navbar--fixed' : ''}`}>
          <Button
            type="text"
            className="console-navbar__toggle"
            icon={opened && !isMobile ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            onClick={toggleSidebar}
            aria-label={t('layout.toggleSidebar')}
            aria-expanded={opened}
            data-testid="sidebar-toggle"
          />
          <ConsoleBreadcrumb routes={routes} />
          <div className="console-navbar__right">
            <Button
              type="text"
              icon={<MobileOutlined />}
              onClick={() => setDownloadOpen(true)}
              data-testid="download-app"
              aria-label={t('common.actions.downloadApp')}
            >
              <span className="console-navbar__label">{t('common.actions.downloadApp')}</span>
            </Button>
            <NotificationBell />
            <LanguageSwitch />
            <UserMenu
              links={userLinks}
              onMembership={() => setMembershipOpen(true)}
              afterLogout={() => void navigate('/login', { replace: true })}
              className="console-navbar__user"
              nameClassName="console-navbar__label console-navbar__name"
            />
          </div>
        </Layout.Header>
        <Layout.Content id="console-main" className="console-content" tabIndex={-1}>
          <Outlet />
        </Layout.Content>
      </Layout>
      <AppDownloadDialog open={downloadOpen} onClose={() => setDownloadOpen(false)} />
      <MembershipDialog open={membershipOpen} onClose={() => setMembershipOpen(false)} />
    </Layout>
  );
}
