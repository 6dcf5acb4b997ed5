import { CookieName, readCookie, writeCookie } from '../lib/cookies';
import { createStore, useStore } from './create-store';

export type DeviceMode = 'desktop' | 'mobile';

export interface UiState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: DeviceMode;
}

/** App settings of spec 3: fixed for now, an object so a later settings panel can change them. */
export const appSettings = {
  showSettings: true,
  fixedHeader: false,
  sidebarLogo: false,
} as const;

/** Cookie `sidebarStatus`: '1' open, '0' closed; open when there is no cookie (spec 4, 9). */
export function readSidebarOpened(raw: string | undefined): boolean {
  return raw === undefined ? true : raw !== '0';
}

export const uiStore = createStore<UiState>({
  sidebar: { opened: readSidebarOpened(readCookie(CookieName.sidebarStatus)), withoutAnimation: false },
  device: 'desktop',
});

export function toggleSidebar(): void {
  const opened = !uiStore.get().sidebar.opened;
  writeCookie(CookieName.sidebarStatus, opened ? '1' : '0');
  uiStore.set((state) => ({ ...state, sidebar: { opened, withoutAnimation: false } }));
}

export function closeSidebar(withoutAnimation: boolean): void {
  writeCookie(CookieName.sidebarStatus, '0');
  uiStore.set((state) => ({ ...state, sidebar: { opened: false, withoutAnimation } }));
}

export function setDevice(device: DeviceMode): void {
  if (uiStore.get().device === device) return;
  uiStore.set((state) => ({ ...state, device }));
}

export function useUi<S>(select: (state: UiState) => S): S {
  return useStore(uiStore, select);
}
