import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { guardLoader } from './guard';
import { InitialLoading, RootShell } from './root-shell';
import { RouteError } from './route-error';
import { routeTable } from './route-table';
import type { AppRoute, RouteLayout } from './route-types';

/** Routes with a built page (or a redirect), flattened out of the table. Declared-only routes stay out. */
function mountable(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((route) => [...(route.page || route.redirect ? [route] : []), ...mountable(route.children ?? [])]);
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
  return { ...base, handle, lazy: async () => ({ Component: (await page!()).default }) };
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
        lazy: async () => ({ Component: (await import('../layouts/public/public-layout')).default }),
        children: routesFor('public'),
      },
      {
        id: 'console-layout',
        lazy: async () => ({ Component: (await import('../layouts/console/console-layout')).default }),
        children: routesFor('console'),
      },
      ...routesFor('none'),
      // Unknown paths, and declared routes whose page is not built yet, show the 404 page in place.
      { path: '*', lazy: async () => ({ Component: (await import('../pages/not-found-page')).default }) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
