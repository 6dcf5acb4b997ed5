import NProgress from 'nprogress';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { SandboxMoneyBanner } from '../components/sandbox-money-banner';

// nprogress's own template gives its bar `role="bar"`, which is no ARIA role (axe: critical); the same markup without
// it, and the selector nprogress finds the bar by to match (with its default, `[role="bar"]`, it threw on start).
NProgress.configure({
  showSpinner: false,
  trickleSpeed: 120,
  template: '<div class="bar"><div class="peg"></div></div>',
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

/** Shown while the first navigation (guard and lazy page) resolves. */
export function InitialLoading() {
  useEffect(() => {
    NProgress.start();
    return () => {
      NProgress.done();
    };
  }, []);
  return <PageLoading fullScreen />;
}
