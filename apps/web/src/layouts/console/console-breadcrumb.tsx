import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { findRouteChain } from '../../app/access';
import { HOME_AFTER_LOGIN } from '../../app/home-path';
import type { AppRoute } from '../../app/route-types';

/** Breadcrumb of the console, from the same route table as the sidebar. */
export function ConsoleBreadcrumb({ routes }: { routes: readonly AppRoute[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const chain = findRouteChain(routes, pathname);
  const items = [
    {
      key: 'console',
      title: (
        <Link to={HOME_AFTER_LOGIN} aria-label={t('menu.console')}>
          <HomeOutlined aria-hidden /> <span>{t('menu.console')}</span>
        </Link>
      ),
    },
    ...chain.map((route, index) => ({
      key: route.path,
      title: route.page && index < chain.length - 1 ? <Link to={route.path}>{t(route.meta.titleKey)}</Link> : t(route.meta.titleKey),
    })),
  ];
  return (
    <nav aria-label={t('layout.breadcrumb')} className="console-breadcrumb">
      <Breadcrumb items={items} />
    </nav>
  );
}
