import type { CodeLoginResult, LoginResult, UserInfo } from '@spatia/contract';
import { CookieName, readCookie, removeAllCookies, removeCookie, writeCookie } from '../lib/cookies';
import { createStore, useStore } from './create-store';

/** The session user of spec 3. */
export interface SessionUser {
  token: string;
  uid: string;
  name: string;
  avatar: string;
  phone: string;
  roles: string[];
  businessRoleCode: string;
  menus: number[];
  /** Enterprise logo; only kept when it is an https URL (spec 3). */
  logo: string;
  /** Token for which user info (roles, menus) was fetched in this page's life; '' when none. */
  infoLoadedFor: string;
}

const TOKEN_STORAGE_KEY = 'spatia_token';

function parseMenus(raw: string | undefined): number[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((item): item is number => Number.isInteger(item)) : [];
  } catch {
    return [];
  }
}

export function httpsOnly(url: string | null | undefined): string {
  return url && url.startsWith('https') ? url : '';
}

function readStoredToken(): string {
  const fromCookie = readCookie(CookieName.token);
  if (fromCookie) return fromCookie;
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

function restoreSession(): SessionUser {
  return {
    token: readStoredToken(),
    uid: readCookie(CookieName.uid) ?? '',
    name: readCookie(CookieName.name) ?? '',
    avatar: readCookie(CookieName.avatar) ?? '',
    phone: readCookie(CookieName.phone) ?? '',
    roles: [],
    businessRoleCode: '',
    menus: parseMenus(readCookie(CookieName.menus)),
    logo: httpsOnly(readCookie(CookieName.logo)),
    infoLoadedFor: '',
  };
}

const emptySession: SessionUser = {
  token: '',
  uid: '',
  name: '',
  avatar: '',
  phone: '',
  roles: [],
  businessRoleCode: '',
  menus: [],
  logo: '',
  infoLoadedFor: '',
};

export const sessionStore = createStore<SessionUser>(restoreSession());

function persist(name: (typeof CookieName)[keyof typeof CookieName], value: string): void {
  if (value) writeCookie(name, value);
  else removeCookie(name);
}

/** Stores a token from a login or from the `x-auth-token` response header (spec 7.1). */
export function setToken(token: string): void {
  if (!token || token === sessionStore.get().token) return;
  writeCookie(CookieName.token, token);
  try {
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Private mode without storage: the cookie still carries the session.
  }
  sessionStore.set((session) => ({ ...session, token }));
}

/** Forgets the token (and with it the loaded user info) but keeps the rest of the page state. */
export function resetToken(): void {
  removeCookie(CookieName.token);
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
  sessionStore.set((session) => ({ ...session, token: '', roles: [], menus: [], infoLoadedFor: '' }));
}

export function applyLoginResult(result: LoginResult): void {
  applySignedInUser({ uid: result.uid, name: result.fullName, avatar: result.avatarUrl });
}

/** SMS-code, QR and third-party sign-in answer with other names (spec 3); the phone comes along. */
export function applyCodeLoginResult(result: CodeLoginResult): void {
  applySignedInUser({ uid: result.userUid, name: result.username, avatar: result.avatarUrl, phone: result.phoneNumber });
}

/** Persists who just signed in; the guard then loads their roles and menus (infoLoadedFor reset). */
function applySignedInUser(user: { uid: string; name: string; avatar: string; phone?: string }): void {
  persist(CookieName.uid, user.uid);
  persist(CookieName.name, user.name);
  persist(CookieName.avatar, user.avatar);
  if (user.phone !== undefined) persist(CookieName.phone, user.phone);
  sessionStore.set((session) => ({
    ...session,
    ...user,
    infoLoadedFor: '',
  }));
}

/** What the profile page changes about the signed-in user; the top bar follows at once. */
export interface SessionUserPatch {
  name?: string;
  avatar?: string;
  logo?: string;
}

export function updateSessionUser(patch: SessionUserPatch): void {
  const next: SessionUserPatch = { ...patch };
  if (next.logo !== undefined) next.logo = httpsOnly(next.logo);
  if (next.name !== undefined) persist(CookieName.name, next.name);
  if (next.avatar !== undefined) persist(CookieName.avatar, next.avatar);
  if (next.logo !== undefined) persist(CookieName.logo, next.logo);
  sessionStore.set((session) => ({ ...session, ...next }));
}

export function applyUserInfo(info: UserInfo, forToken: string): void {
  const logo = httpsOnly(info.enterpriseLogoUrl);
  persist(CookieName.uid, info.uid);
  persist(CookieName.name, info.name);
  persist(CookieName.avatar, info.avatarUrl);
  persist(CookieName.phone, info.phone);
  persist(CookieName.logo, logo);
  writeCookie(CookieName.menus, JSON.stringify(info.menus));
  sessionStore.set((session) => ({
    ...session,
    uid: info.uid,
    name: info.name,
    avatar: info.avatarUrl,
    phone: info.phone,
    roles: [...info.roles],
    businessRoleCode: info.businessRoleCode,
    menus: [...info.menus],
    logo,
    infoLoadedFor: forToken,
  }));
}

/**
 * Logout (spec 4): local storage, state and all cookies are cleared. The caller may restore
 * display preferences afterwards (see features/auth/api/logout.ts).
 */
export function clearSession(): void {
  try {
    localStorage.clear();
  } catch {
    // Nothing stored.
  }
  removeAllCookies();
  sessionStore.set(emptySession);
}

export function getToken(): string {
  return sessionStore.get().token;
}

export function useSession<S>(select: (session: SessionUser) => S): S {
  return useStore(sessionStore, select);
}
