import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { namespacesReady } from '../i18n';
import { guardLoader } from './guard';
import { InitialLoading, RootShell } from './root-shell';
import { RouteError } from './route-error';
import { routeTable } from './route-table';
import type { AppRoute, PageModule, RouteLayout } from './route-types';

/** Routes with a built page (or a redirect), flattened out of the table. Declared-only routes stay out. */
function mountable(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((route) => [...(route.page || route.redirect ? [route] : []), ...mountable(route.children ?? [])]);
}

/** A lazy module's component, once the messages of the namespaces it brought along are loaded. */
async function withMessages(module: Promise<PageModule>): Promise<{ Component: PageModule['default'] }> {
  const { default: Component } = await module;
  await namespacesReady();
  return { Component };
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
  return { ...base, handle, lazy: () => withMessages(page!()) };
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
        lazy: () => withMessages(import('../layouts/public/public-layout')),
        children: routesFor('public'),
      },
      {
        id: 'console-layout',
        lazy: () => withMessages(import('../layouts/console/console-layout')),
        children: routesFor('console'),
      },
      ...routesFor('none'),
      // Unknown paths, and declared routes whose page is not built yet, show the 404 page in place.
      { path: '*', lazy: () => withMessages(import('../pages/not-found-page')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
