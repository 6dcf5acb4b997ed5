import NProgress from 'nprogress';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { SandboxMoneyBanner } from '../components/sandbox-money-banner';
import { currentServerFirstView, FirstViewPlaceholder } from './server-first-view';

// nprogress's own template gives its bar `role="bar"`, which is no ARIA role (axe: critical); the same markup without it.
NProgress.configure({
  showSpinner: false,
  trickleSpeed: 120,
  template: '<div class="bar"><div class="peg"></div></div>',
  // Its default finds the bar by that role: without it NProgress.start() throws and the route shows its error screen.
  barSelector: '.bar',
});

/** Spec 2.1: a fixed title on every navigation and a progress bar while one (or a lazy page) loads. */
export function RootShell() {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();

  useEffect(() => {
    if (navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  }, [navigation.state]);

  useEffect(() => {
    document.title = t('common.appTitle');
  }, [location.key, i18n.language, t]);

  return (
    <>
      <Outlet />
      <SandboxMoneyBanner />
      <ScrollRestoration />
    </>
  );
}

/**
 * Shown while the first navigation (guard and lazy page) resolves: the picture the server showed in the
 * page's viewer when it gave one (a tour's details page), a spinner otherwise.
 */
export function InitialLoading() {
  useEffect(() => {
    NProgress.start();
    return () => {
      NProgress.done();
    };
  }, []);
  const firstView = currentServerFirstView();
  return firstView ? <FirstViewPlaceholder src={firstView} /> : <PageLoading fullScreen />;
}
