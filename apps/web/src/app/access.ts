import { matchPath } from 'react-router';
import { hasPermission, hasRole, isAdmin, type AccessSubject } from '@spatia/contract';
import { adminRoutes, consoleRoutes, permissionRoutes } from './route-table';
import type { AppRoute, RouteMeta } from './route-types';

function hasRequiredRole(meta: RouteMeta, user: AccessSubject): boolean {
  return !meta.roles || meta.roles.some((role) => hasRole(user, role));
}

function hasRequiredPermission(meta: RouteMeta, user: AccessSubject): boolean {
  return meta.perm === undefined || hasPermission(user, meta.perm);
}

/**
 * Spec 6: admin receives all routes. A non-admin with an empty menus list gets no routes. Otherwise a
 * route whose perm is not in the user's menus is removed (and a route whose roles exclude the user),
 * and children are filtered the same way.
 */
export function filterRoutes(routes: readonly AppRoute[], user: AccessSubject): AppRoute[] {
  if (isAdmin(user)) return [...routes];
  if (user.menus.length === 0) return [];
  return filterTree(routes, (meta) => hasRequiredPermission(meta, user) && hasRequiredRole(meta, user));
}

/** Routes every signed-in user has (spec 2.3) are only restricted by role. */
export function filterRoutesByRole(routes: readonly AppRoute[], user: AccessSubject): AppRoute[] {
  if (isAdmin(user)) return [...routes];
  return filterTree(routes, (meta) => hasRequiredRole(meta, user));
}

function filterTree(routes: readonly AppRoute[], keep: (meta: RouteMeta) => boolean): AppRoute[] {
  const result: AppRoute[] = [];
  for (const route of routes) {
    if (!keep(route.meta)) continue;
    result.push(route.children ? { ...route, children: filterTree(route.children, keep) } : route);
  }
  return result;
}

/**
 * The console routes this user may open: the basis of the sidebar and of the guard's access check (the
 * back office: admins). Spec 6: a non-admin whose menus list is empty gets none, the routes every
 * signed-in user has (2.3) included.
 */
export function accessibleConsoleRoutes(user: AccessSubject): AppRoute[] {
  if (!isAdmin(user) && user.menus.length === 0) return [];
  return [...filterRoutesByRole(consoleRoutes, user), ...filterRoutes(permissionRoutes, user), ...filterRoutesByRole(adminRoutes, user)];
}

/** The chain of routes from the top of `routes` down to the one matching `pathname`; [] when none. */
export function findRouteChain(routes: readonly AppRoute[], pathname: string): AppRoute[] {
  for (const route of routes) {
    if (route.children) {
      const chain = findRouteChain(route.children, pathname);
      if (chain.length > 0) return [route, ...chain];
    }
    if (matchPath({ path: route.path, end: true }, pathname)) return [route];
  }
  return [];
}

/**
 * Where a typed or bookmarked parent of the sidebar (`/order`, `/wallet`: a route with children and no
 * page of its own) leads: its first child page this user may see, in menu order. Undefined for any
 * other path, and for a parent with no such child (the not-found page answers it).
 */
export function landingPathOf(pathname: string, user: AccessSubject): string | undefined {
  const parent = findRouteChain(accessibleConsoleRoutes(user), pathname).at(-1);
  if (!parent?.children || parent.page || parent.path !== pathname) return undefined;
  return firstPage(menuRoutes(parent.children));
}

function firstPage(routes: readonly AppRoute[]): string | undefined {
  for (const route of routes) {
    const found = route.page ? route.path : firstPage(route.children ?? []);
    if (found) return found;
  }
  return undefined;
}

/** Public and standalone paths are always accessible here; the guard's token rule covers them. */
export function isPathAccessible(pathname: string, user: AccessSubject): boolean {
  const protectedChain = findRouteChain([...consoleRoutes, ...permissionRoutes, ...adminRoutes], pathname);
  if (protectedChain.length === 0) return true;
  return findRouteChain(accessibleConsoleRoutes(user), pathname).length > 0;
}

/** A route appears in a menu when it is not hidden and leads somewhere: a built page or visible children. */
export function menuRoutes(routes: readonly AppRoute[]): AppRoute[] {
  const result: AppRoute[] = [];
  for (const route of routes) {
    if (route.meta.hidden || route.redirect) continue;
    const children = route.children ? menuRoutes(route.children) : [];
    if (children.length > 0) result.push({ ...route, children });
    else if (route.page) result.push({ ...route, children: undefined });
  }
  return result;
}

/** Whether a built page answers `pathname` (used to hide links to pages that do not exist yet). */
export function hasPage(routes: readonly AppRoute[], pathname: string): boolean {
  const chain = findRouteChain(routes, pathname);
  return chain.at(-1)?.page !== undefined;
}
