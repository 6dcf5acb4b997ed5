import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { appSettings, closeSidebar, readSidebarOpened, setDevice, toggleSidebar, uiStore } from './ui-store';

beforeEach(() => {
  Cookies.remove('sidebarStatus', { path: '/' });
  uiStore.set({ sidebar: { opened: true, withoutAnimation: false }, device: 'desktop' });
});

describe('side menu (spec 4)', () => {
  it('is open when there is no cookie; the cookie holds 1 or 0', () => {
    expect(readSidebarOpened(undefined)).toBe(true);
    expect(readSidebarOpened('1')).toBe(true);
    expect(readSidebarOpened('0')).toBe(false);
  });

  it('toggle flips and writes the cookie', () => {
    toggleSidebar();
    expect(uiStore.get().sidebar.opened).toBe(false);
    expect(Cookies.get('sidebarStatus')).toBe('0');
    toggleSidebar();
    expect(uiStore.get().sidebar.opened).toBe(true);
    expect(Cookies.get('sidebarStatus')).toBe('1');
  });

  it('close forces closed', () => {
    closeSidebar(true);
    closeSidebar(false);
    expect(uiStore.get().sidebar).toEqual({ opened: false, withoutAnimation: false });
    expect(Cookies.get('sidebarStatus')).toBe('0');
  });

  it('device mode defaults to desktop and changes by an explicit action', () => {
    expect(uiStore.get().device).toBe('desktop');
    setDevice('mobile');
    expect(uiStore.get().device).toBe('mobile');
  });

  it('keeps the app settings of spec 3', () => {
    expect(appSettings).toEqual({ showSettings: true, fixedHeader: false, sidebarLogo: false });
  });
});
