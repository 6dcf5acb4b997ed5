import AppstoreOutlined from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import { confirmDialog } from '../../api/feedback';
import { hasPage } from '../../app/access';
import { HOME_AFTER_LOGIN } from '../../app/home-path';
import { routeTable } from '../../app/route-table';
import { BrandMark } from '../../components/brand-mark';
import { LanguageSwitch } from '../../components/language-switch';
import { lazyComponent } from '../../components/lazy-component';
import { PlainButton } from '../../components/plain-button';
import { SvgIcon } from '../../components/svg-icon';
import { useSession } from '../../stores/session-store';

// What only a signed-in person or a click shows loads then, not with every public page (docs/web.md, "Loading").
const AppDownloadDialog = lazyComponent(() => import('../../features/app-download').then((module) => module.AppDownloadDialog));
const MembershipDialog = lazyComponent(() => import('../../features/membership').then((module) => module.MembershipDialog));
const NotificationBell = lazyComponent(() => import('../../features/notifications').then((module) => module.NotificationBell));
const Drawer = lazyComponent(() => import('antd/es/drawer').then((module) => module.default));
const UserMenu = lazyComponent(() => import('../user-menu').then((module) => module.UserMenu));

type NavEntry =
  | { key: string; kind: 'link'; to: string; labelKey: string }
  | { key: string; kind: 'order'; labelKey: string }
  | { key: string; kind: 'download'; labelKey: string }
  | { key: string; kind: 'dialog'; labelKey: string };

/**
 * Spec 2.6 header entries, in order. Links without a page are hidden; 'Membership version' opens the
 * membership registration dialog (signed in) or the login prompt, as Order does. Market is added before Client
 * download: spec 1 counts it among the public site's pages, and without an entry nothing would lead there
 * (docs/web.md, "The market").
 */
const NAV_ENTRIES: readonly NavEntry[] = [
  { key: 'home', kind: 'link', to: '/', labelKey: 'menu.home' },
  { key: 'order', kind: 'order', labelKey: 'menu.addOrder' },
  { key: 'membership', kind: 'dialog', labelKey: 'menu.membershipVersion' },
  { key: 'product', kind: 'link', to: '/product', labelKey: 'menu.product' },
  { key: 'course', kind: 'link', to: '/guide', labelKey: 'menu.course' },
  { key: 'enterprise', kind: 'link', to: '/enterprise', labelKey: 'menu.enterprise' },
  { key: 'market', kind: 'link', to: '/market', labelKey: 'menu.market' },
  { key: 'download', kind: 'download', labelKey: 'menu.clientDownload' },
];

/** The login page's sign-up form (its `?mode=`). */
const REGISTER_PATH = '/login?mode=register';

function isAvailable(entry: NavEntry): boolean {
  if (entry.kind === 'link') return hasPage(routeTable, entry.to);
  return true;
}

export function SiteHeader() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((session) => session.token);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const [downloadShown, setDownloadShown] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerShown, setDrawerShown] = useState(false);
  const [membershipOpen, setMembershipOpen] = useState(false);
  const entries = NAV_ENTRIES.filter(isAvailable);

  /**
   * Spec 2.6: Login goes to /login, and back to where the entry leads once signed in. antd's confirm dialog,
   * loaded when first asked for (the header renders without antd: docs/web.md, "Loading").
   */
  const askToLogin = (then?: string) =>
    confirmDialog({
      title: t('errors.loginRequiredTitle'),
      content: t('errors.loginRequired'),
      okText: t('common.actions.login'),
      cancelText: t('common.actions.cancel'),
      onOk: () => navigate(then ? `/login?redirect=${encodeURIComponent(then)}` : '/login'),
    });

  /** Order and Membership version ask a visitor to sign in first. */
  const whenSignedIn = (open: () => void, then?: string) => () => {
    setDrawerOpen(false);
    if (token) open();
    else askToLogin(then);
  };
  const openOrder = whenSignedIn(() => void navigate('/addOrder'), '/addOrder');
  const openMembership = whenSignedIn(() => setMembershipOpen(true));

  const openDownload = () => {
    setDrawerOpen(false);
    setDownloadOpen(true);
    setDownloadShown(true);
  };

  const navButton = (entry: NavEntry, className: string, onClick: () => void, testId: string) => (
    <button key={entry.key} type="button" className={className} onClick={onClick} data-testid={testId}>
      {t(entry.labelKey)}
    </button>
  );

  const renderEntry = (entry: NavEntry, className: string) => {
    switch (entry.kind) {
      case 'link':
        return (
          <NavLink key={entry.key} to={entry.to} end className={className} onClick={() => setDrawerOpen(false)}>
            {t(entry.labelKey)}
          </NavLink>
        );
      case 'order':
        return navButton(entry, className, openOrder, 'nav-order');
      case 'download':
        return navButton(entry, className, openDownload, 'nav-download');
      case 'dialog':
        return navButton(entry, className, openMembership, 'nav-membership');
    }
  };

  const userLinks = [
    ...(hasPage(routeTable, '/person') ? [{ key: '/person', label: t('menu.personalHomepage') }] : []),
    { key: HOME_AFTER_LOGIN, icon: <SvgIcon icon={AppstoreOutlined} />, label: t('menu.managementSpace') },
  ];

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <BrandMark />
        <nav aria-label={t('layout.mainNav')} className="site-header__nav">
          {entries.map((entry) => renderEntry(entry, 'site-header__link'))}
        </nav>
        <div className="site-header__actions">
          {hasPage(routeTable, '/search') && (
            <Link
              to="/search"
              className="site-header__search"
              aria-label={t('menu.search')}
              title={t('menu.search')}
              data-testid="header-search"
            >
              <SvgIcon icon={SearchOutlined} />
            </Link>
          )}
          {token && (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          )}
          <LanguageSwitch />
          {token ? (
            <Suspense fallback={null}>
              <UserMenu
                links={userLinks}
                onMembership={() => setMembershipOpen(true)}
                className="site-header__user"
                nameClassName="site-header__user-name"
              />
            </Suspense>
          ) : (
            <div className="site-header__auth">
              <PlainButton variant="text" onClick={() => void navigate('/login')} data-testid="header-login">
                {t('common.actions.login')}
              </PlainButton>
              <PlainButton
                variant="primary"
                onClick={() => void navigate(REGISTER_PATH)}
                className="site-header__register"
                data-testid="header-register"
              >
                {t('common.actions.register')}
              </PlainButton>
            </div>
          )}
          <PlainButton
            variant="text"
            className="site-header__menu-button"
            icon={<SvgIcon icon={MenuOutlined} />}
            aria-label={t('common.actions.openMenu')}
            aria-expanded={drawerOpen}
            onClick={() => {
              setDrawerOpen(true);
              setDrawerShown(true);
            }}
          />
        </div>
      </div>
      <Suspense fallback={null}>
        {drawerShown && (
          <Drawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            placement="right"
            size={280}
            title={<BrandMark />}
            closeIcon={<span aria-label={t('common.actions.closeMenu')}>✕</span>}
          >
            <nav aria-label={t('layout.mainNav')} className="site-header__drawer-nav">
              {entries.map((entry) => renderEntry(entry, 'site-header__drawer-link'))}
            </nav>
            {!token && (
              <div className="site-header__drawer-auth">
                <PlainButton block size="large" onClick={() => void navigate('/login')}>
                  {t('common.actions.login')}
                </PlainButton>
                <PlainButton block size="large" variant="primary" onClick={() => void navigate(REGISTER_PATH)}>
                  {t('common.actions.register')}
                </PlainButton>
              </div>
            )}
          </Drawer>
        )}
      </Suspense>
      <Suspense fallback={null}>
        {downloadShown && <AppDownloadDialog open={downloadOpen} onClose={() => setDownloadOpen(false)} />}
        {token && membershipOpen && <MembershipDialog open={membershipOpen} onClose={() => setMembershipOpen(false)} />}
      </Suspense>
    </header>
  );
}
