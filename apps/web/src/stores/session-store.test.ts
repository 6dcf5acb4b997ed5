import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applyCodeLoginResult,
  applyLoginResult,
  applyUserInfo,
  clearSession,
  httpsOnly,
  resetToken,
  sessionStore,
  setToken,
  updateSessionUser,
} from './session-store';

afterEach(() => {
  clearSession();
});

describe('session store (spec 3, 4)', () => {
  it('persists the token in a cookie and in local storage', () => {
    setToken('abc');
    expect(Cookies.get('spatia_token')).toBe('abc');
    expect(localStorage.getItem('spatia_token')).toBe('abc');
    expect(sessionStore.get().token).toBe('abc');
  });

  it('persists uid, phone, name, menus, logo and avatar in cookies', () => {
    setToken('abc');
    applyLoginResult({ uid: 'u1', fullName: 'Ann', avatarUrl: 'https://cdn.example/a.png' });
    applyUserInfo(
      {
        uid: 'u1',
        name: 'Ann Lee',
        avatarUrl: 'https://cdn.example/b.png',
        roles: ['customer'],
        phone: '13800000002',
        businessRoleCode: 'b1',
        menus: [35, 161],
        enterpriseLogoUrl: 'https://cdn.example/logo.png',
      },
      'abc',
    );
    expect(Cookies.get()).toMatchObject({
      spatia_uid: 'u1',
      spatia_name: 'Ann Lee',
      spatia_avatar: 'https://cdn.example/b.png',
      spatia_phone: '13800000002',
      spatia_menus: '[35,161]',
      spatia_logo: 'https://cdn.example/logo.png',
    });
    expect(sessionStore.get()).toMatchObject({ roles: ['customer'], menus: [35, 161], infoLoadedFor: 'abc' });
  });

  it('takes uid, name, avatar and phone from an SMS, QR or third-party sign-in', () => {
    setToken('abc');
    applyCodeLoginResult({ userUid: 'u9', username: 'PC用户', avatarUrl: '', phoneNumber: '13912345678' });
    expect(Cookies.get()).toMatchObject({ spatia_uid: 'u9', spatia_name: 'PC用户', spatia_phone: '13912345678' });
    expect(Cookies.get('spatia_avatar')).toBeUndefined();
    expect(sessionStore.get()).toMatchObject({ uid: 'u9', name: 'PC用户', phone: '13912345678', infoLoadedFor: '' });
  });

  it('updates name, avatar and logo from the profile page (cookies and state)', () => {
    setToken('abc');
    applyLoginResult({ uid: 'u1', fullName: 'Ann', avatarUrl: '' });
    updateSessionUser({ avatar: 'https://cdn.example/new.png?t=1' });
    expect(sessionStore.get()).toMatchObject({ name: 'Ann', avatar: 'https://cdn.example/new.png?t=1' });
    expect(Cookies.get('spatia_avatar')).toBe('https://cdn.example/new.png?t=1');
    updateSessionUser({ name: 'Ann Lee', logo: 'http://insecure.example/logo.png' });
    expect(sessionStore.get()).toMatchObject({ name: 'Ann Lee', logo: '' });
    expect(Cookies.get('spatia_name')).toBe('Ann Lee');
    expect(Cookies.get('spatia_logo')).toBeUndefined();
  });

  it('uses the enterprise logo only when it is https', () => {
    expect(httpsOnly('http://cdn.example/logo.png')).toBe('');
    expect(httpsOnly('https://cdn.example/logo.png')).toBe('https://cdn.example/logo.png');
    setToken('abc');
    applyUserInfo(
      {
        uid: 'u1',
        name: 'A',
        avatarUrl: '',
        roles: [],
        phone: '',
        businessRoleCode: '',
        menus: [],
        enterpriseLogoUrl: 'http://x/logo.png',
      },
      'abc',
    );
    expect(sessionStore.get().logo).toBe('');
    expect(Cookies.get('spatia_logo')).toBeUndefined();
  });

  it('resetToken forgets the token and the loaded menus', () => {
    setToken('abc');
    resetToken();
    expect(Cookies.get('spatia_token')).toBeUndefined();
    expect(localStorage.getItem('spatia_token')).toBeNull();
    expect(sessionStore.get()).toMatchObject({ token: '', menus: [], infoLoadedFor: '' });
  });

  it('clearSession removes every cookie and local storage', () => {
    setToken('abc');
    Cookies.set('language', 'en');
    Cookies.set('sidebarStatus', '0');
    localStorage.setItem('other', '1');
    clearSession();
    expect(Cookies.get()).toEqual({});
    expect(localStorage.length).toBe(0);
    expect(sessionStore.get().token).toBe('');
  });
});
