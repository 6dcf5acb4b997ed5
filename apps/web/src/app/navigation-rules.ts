import { safeRedirectTarget } from '../lib/safe-redirect';
import { HOME_AFTER_LOGIN } from './home-path';

/** Spec 2.1: paths open without a token. Entries ending in '/' are prefixes of detail pages. */
export const OPEN_PATHS = [
  '/',
  '/mobile/home',
  '/alipayAuthorization',
  '/userProtocol',
  '/privacyProtocol',
  '/rechargeProtocol',
  '/map',
  '/details/',
  '/rentingHouse',
  '/search',
  '/person',
  '/userWork/',
  '/market',
  '/marketDetails/',
  '/guide',
  '/articleDetails/',
  '/product',
  '/enterprise',
  '/mobile_space',
  '/spaceDetail',
  '/chooseAddress',
  '/login',
  '/earthvr',
  '/addOrder',
] as const;

/** Spec 2.1: any path starting with one of these is open too. */
export const OPEN_PREFIXES = ['/details', '/mobile', '/articleDetails', '/space'] as const;

export function isOpenPath(pathname: string): boolean {
  for (const open of OPEN_PATHS) {
    if (pathname === open) return true;
    if (open.endsWith('/') && open !== '/' && pathname.startsWith(open)) return true;
  }
  return OPEN_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** Spec 2.1: the public header and footer show only on /, /search, /addOrder, /person and the userWork pages. */
export function showsSiteChrome(pathname: string): boolean {
  return (
    pathname === '/' ||
    pathname === '/search' ||
    pathname === '/addOrder' ||
    pathname === '/person' ||
    pathname === '/userWork' ||
    pathname.startsWith('/userWork/')
  );
}

export function loginPathFor(pathWithQuery: string): string {
  return `/login?redirect=${encodeURIComponent(pathWithQuery)}`;
}

export function afterLoginTarget(redirect: string | null | undefined): string {
  return safeRedirectTarget(redirect, HOME_AFTER_LOGIN);
}

export type NavigationDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Token present but the user's menus are not loaded yet: fetch user info, then decide again. */
  | { kind: 'load-user' };

export interface NavigationInput {
  pathname: string;
  search: string;
  hasToken: boolean;
  userLoaded: boolean;
}

/** The pure part of the navigation guard (spec 2.1 and 4). */
export function decideNavigation({ pathname, search, hasToken, userLoaded }: NavigationInput): NavigationDecision {
  if (hasToken) {
    if (pathname === '/login') {
      return { kind: 'redirect', to: afterLoginTarget(new URLSearchParams(search).get('redirect')) };
    }
    return userLoaded ? { kind: 'allow' } : { kind: 'load-user' };
  }
  if (isOpenPath(pathname)) return { kind: 'allow' };
  return { kind: 'redirect', to: loginPathFor(`${pathname}${search}`) };
}

/** Spec 4: where to go when the user-info fetch fails. */
export function userInfoFailurePath(pathWithQuery: string): string {
  return `/?redirect=${encodeURIComponent(pathWithQuery)}`;
}
