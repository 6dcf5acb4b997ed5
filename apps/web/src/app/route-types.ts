import type { ComponentType } from 'react';
import type { PermissionId, RoleCode } from '@spatia/contract';

/** Icon names the sidebar knows how to draw (see layouts/console/menu-icons.tsx). */
export type RouteIcon =
  | 'dashboard'
  | 'receipt'
  | 'send'
  | 'bought'
  | 'recharge'
  | 'signed'
  | 'pointCloud'
  | 'user'
  | 'income'
  | 'wallet'
  | 'order'
  | 'team'
  | 'tujingxiu'
  | 'landingPage'
  | 'explain'
  | 'admin';

export type RouteLayout = 'public' | 'console' | 'none';

export interface RouteMeta {
  /** i18n key of the title (menu, breadcrumb). */
  titleKey: string;
  icon?: RouteIcon;
  /** Required permission id (spec 2.4, 6); the user's `menus` must hold it. */
  perm?: PermissionId;
  /** Roles allowed to see the route (spec 2.3, 6); admin always may. */
  roles?: readonly RoleCode[];
  /** Never shown in menus (detail pages, redirects). */
  hidden?: boolean;
  /** Menu entry to highlight while this (hidden) route is open. */
  activeMenu?: string;
  /** The page keeps its state when the user navigates away and back (spec 2.2, 2.5). */
  keepAlive?: boolean;
  layout: RouteLayout;
  /** Query parameters the page reads (spec 2.5), for documentation and later issues. */
  query?: readonly string[];
  /** Desktop and mobile variants of one page (spec 2.2). */
  variants?: boolean;
  /**
   * The site setting holding an external address the menu entry opens in a new tab instead of the
   * page (spec 2.4: the point-cloud list); the page when the setting is empty.
   */
  externalUrlSetting?: 'pointCloudListUrl';
  /**
   * `false`: the page renders without Ant Design (plain elements and our CSS), so antd stays out of its first
   * script (docs/web.md, "Loading"); every other page gets antd's theme and locale around it (app/antd-scope.tsx).
   */
  antd?: false;
}

export type PageModule = { default: ComponentType };

export interface AppRoute {
  /** Absolute path; `:name` marks a path parameter. */
  path: string;
  meta: RouteMeta;
  /** Lazy page module. Routes without one are declared only: they are not mounted and not in menus. */
  page?: () => Promise<PageModule>;
  redirect?: string;
  children?: readonly AppRoute[];
}
