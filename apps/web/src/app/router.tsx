import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { namespacesReady } from '../i18n';
import { loadAntd } from './antd';
import { guardLoader } from './guard';
import { InitialLoading, RootShell } from './root-shell';
import { RouteError } from './route-error';
import { routeTable } from './route-table';
import type { AppRoute, PageModule, RouteLayout } from './route-types';

/** Routes with a built page (or a redirect), flattened out of the table. Declared-only routes stay out. */
function mountable(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((route) => [...(route.page || route.redirect ? [route] : []), ...mountable(route.children ?? [])]);
}

/**
 * A lazy module's component, once the messages of the namespaces it brought along are loaded; with `antd`, inside
 * antd's scope (theme, locale, `App`), loaded alongside (docs/web.md, "Loading").
 */
async function withMessages(module: Promise<PageModule>, { antd }: { antd: boolean }): Promise<{ Component: ComponentType }> {
  const [{ default: Component }, scope] = await Promise.all([module, antd ? loadAntd() : undefined]);
  await namespacesReady();
  return { Component: scope ? scope.withAntdScope(Component) : Component };
}

/**
 * Whether a route's page gets its own antd scope: not where the page says it renders without antd, nor inside the
 * console layout, whose scope its pages share.
 */
function needsAntdScope(route: AppRoute): boolean {
  return route.meta.antd !== false && route.meta.layout !== 'console';
}

function toRouteObject(route: AppRoute): RouteObject {
  const path = route.path === '/' ? undefined : route.path.replace(/^\//, '');
  const base = path === undefined ? { index: true as const } : { path };
  const handle = { meta: route.meta };
  if (route.redirect) {
    const target = route.redirect;
    return { ...base, handle, loader: () => redirect(target) };
  }
  const page = route.page;
  return { ...base, handle, lazy: () => withMessages(page!(), { antd: needsAntdScope(route) }) };
}

function routesFor(layout: RouteLayout): RouteObject[] {
  return mountable(routeTable)
    .filter((route) => route.meta.layout === layout)
    .map(toRouteObject);
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: guardLoader,
    // The guard must see every navigation, not only those that change the root's params.
    shouldRevalidate: () => true,
    Component: RootShell,
    HydrateFallback: InitialLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        id: 'public-layout',
        // The header and footer render without antd; the pages under them bring their own scope.
        lazy: () => withMessages(import('../layouts/public/public-layout'), { antd: false }),
        children: routesFor('public'),
      },
      {
        id: 'console-layout',
        lazy: () => withMessages(import('../layouts/console/console-layout'), { antd: true }),
        children: routesFor('console'),
      },
      ...routesFor('none'),
      // Unknown paths, and declared routes whose page is not built yet, show the 404 page in place.
      { path: '*', lazy: () => withMessages(import('../pages/not-found-page'), { antd: true }) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
