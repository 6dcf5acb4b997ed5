import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { SandboxMoneyBanner } from '../components/sandbox-money-banner';
import { doneProgress, startProgress } from './progress-bar';
import { currentServerFirstView, FirstViewPlaceholder } from './server-first-view';

/** Spec 2.1: a fixed title on every navigation and a progress bar while one (or a lazy page) loads. */
export function RootShell() {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();

  useEffect(() => {
    if (navigation.state === 'idle') doneProgress();
    else startProgress();
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
    startProgress();
    return () => {
      doneProgress();
    };
  }, []);
  const firstView = currentServerFirstView();
  return firstView ? <FirstViewPlaceholder src={firstView} /> : <PageLoading fullScreen />;
}
