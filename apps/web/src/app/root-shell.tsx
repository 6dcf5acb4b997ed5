import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { SandboxMoneyBanner } from '../components/sandbox-money-banner';
import { doneProgress, startProgress } from './progress-bar';

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

/** Shown while the first navigation (guard and lazy page) resolves. */
export function InitialLoading() {
  useEffect(() => {
    startProgress();
    return () => {
      doneProgress();
    };
  }, []);
  return <PageLoading fullScreen />;
}
