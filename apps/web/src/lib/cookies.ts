import Cookies from 'js-cookie';
import { SESSION_LIFETIME_DAYS } from '@spatia/contract';

/** Cookie names. The auth cookie name is fixed (spec 9); the others are part of the web contract. */
export const CookieName = {
  token: 'spatia_token',
  uid: 'spatia_uid',
  phone: 'spatia_phone',
  name: 'spatia_name',
  menus: 'spatia_menus',
  logo: 'spatia_logo',
  avatar: 'spatia_avatar',
  language: 'language',
  sidebarStatus: 'sidebarStatus',
} as const;

export type CookieKey = (typeof CookieName)[keyof typeof CookieName];

const baseAttributes: Cookies.CookieAttributes = { path: '/', sameSite: 'Lax' };

export function readCookie(name: CookieKey): string | undefined {
  return Cookies.get(name);
}

/** Session cookies live for the session lifetime (7 days); preferences use the same horizon. */
export function writeCookie(name: CookieKey, value: string): void {
  Cookies.set(name, value, { ...baseAttributes, expires: SESSION_LIFETIME_DAYS });
}

export function removeCookie(name: CookieKey): void {
  Cookies.remove(name, { path: '/' });
}

/** Removes every cookie this page can see (spec 4: logout clears all cookies). */
export function removeAllCookies(): void {
  for (const name of Object.keys(Cookies.get())) {
    Cookies.remove(name, { path: '/' });
    Cookies.remove(name);
  }
}
