import type { SiteConfig } from '@spatia/contract';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { findRouteChain, menuRoutes } from '../../app/access';
import { useSiteConfig } from '../../api/site-config';
import type { AppRoute } from '../../app/route-types';
import { menuIcon } from './menu-icons';

type MenuItem = Required<MenuProps>['items'][number];

interface SidebarMenuProps {
  routes: readonly AppRoute[];
  collapsed: boolean;
  onNavigate?: () => void;
}

/** The sidebar is drawn from the permission-filtered route table. */
export function SidebarMenu({ routes, collapsed, onNavigate }: SidebarMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const visible = useMemo(() => menuRoutes(routes), [routes]);
  const site = useSiteConfig().data;

  const toItems = (list: readonly AppRoute[], depth: number): MenuItem[] =>
    list.map((route) => ({
      key: route.path,
      icon: depth === 0 ? menuIcon(route.meta.icon) : undefined,
      label: t(route.meta.titleKey),
      children: route.children?.length ? toItems(route.children, depth + 1) : undefined,
    }));

  const chain = findRouteChain(routes, pathname);
  const current = chain.at(-1);
  const selected = current?.meta.activeMenu ?? current?.path ?? pathname;
  const activeParents = chain
    .slice(0, -1)
    .map((route) => route.path)
    .join('|');
  const [openKeys, setOpenKeys] = useState<string[]>(() => (activeParents ? activeParents.split('|') : []));
  // Arriving on a page from anywhere (the top bar, a link) opens the groups that hold it.
  useEffect(() => {
    if (!activeParents) return;
    setOpenKeys((open) => [...new Set([...open, ...activeParents.split('|')])]);
  }, [activeParents]);

  return (
    <Menu
      mode="inline"
      inlineCollapsed={collapsed}
      selectedKeys={[selected]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      items={toItems(visible, 0)}
      onClick={({ key }) => {
        const external = externalUrlOf(findRouteChain(routes, key).at(-1), site);
        if (external) window.open(external, '_blank', 'noopener');
        else void navigate(key);
        onNavigate?.();
      }}
      className="sidebar-menu"
      style={{ borderInlineEnd: 'none' }}
    />
  );
}

/** The address a menu entry opens instead of its page, when the site names one (spec 2.4). */
export function externalUrlOf(route: AppRoute | undefined, site: SiteConfig | undefined): string | undefined {
  const setting = route?.meta.externalUrlSetting;
  return (setting && site?.[setting]) || undefined;
}
