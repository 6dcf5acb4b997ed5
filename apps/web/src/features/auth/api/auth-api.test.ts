import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../stores/session-store';
import { setUpApiHarness } from '../../../test/api-harness';
import { readRememberedPhone, rememberPhone } from '../lib/remembered-phone';
import { logout } from './logout';
import { isFinalQrStatus, pollQrTicket } from './qr-login';
import { register } from './register';
import { sendVerificationCode } from './verification-code';
import { wechatAuthorizeUrl } from './wechat-login';

const { seen, replyWith } = setUpApiHarness({ token: null });

describe('sign-up and codes', () => {
  it('asks each purpose for its code at its own endpoint', async () => {
    replyWith({ hash: 'h', expiredTime: 1 });
    await sendVerificationCode('register', '13800000009');
    await sendVerificationCode('resetPassword', '13800000009');
    await sendVerificationCode('smsLogin', '13800000009');
    await sendVerificationCode('bindWechat', '13800000009');
    expect(seen.map((config) => config.url)).toEqual([
      '/client/register/verifyCode',
      '/client/forgetPwd/verifyCode',
      '/c/smsLogin/verifyCode',
      '/open/wechat/bindPhone/verifyCode',
    ]);
    expect(seen[0]?.params).toEqual({ phoneNumber: '13800000009' });
  });

  it('registers with the fixed PC-user name and signs in', async () => {
    replyWith({ uid: 'u1', fullName: 'PC用户', avatarUrl: '' }, { 'x-auth-token': 'tok' });
    await register({ phoneNumber: '13800000009', password: 'abcd1234', verifyCode: '123456', expiredTime: 9, hash: 'h', invitedCode: '' });
    expect(JSON.parse(String(seen[0]?.data))).toEqual({
      phoneNumber: '13800000009',
      password: 'abcd1234',
      verifyCode: '123456',
      expiredTime: 9,
      hash: 'h',
      fullName: 'PC用户',
    });
    expect(sessionStore.get()).toMatchObject({ token: 'tok', uid: 'u1', name: 'PC用户' });
  });
});

describe('QR sign-in', () => {
  it('stops polling on confirmed, declined and expired', () => {
    expect(isFinalQrStatus('pending')).toBe(false);
    expect(isFinalQrStatus('scanned')).toBe(false);
    expect(['confirmed', 'declined', 'expired'].every((status) => isFinalQrStatus(status as never))).toBe(true);
  });

  it('signs in from a confirmed poll: token header and the login fields', async () => {
    replyWith(
      {
        status: 'confirmed',
        expiresAt: 1,
        login: { userUid: 'u7', username: 'Ann', avatarUrl: 'https://a/x.png', phoneNumber: '13900000000' },
      },
      { 'x-auth-token': 'qr-token' },
    );
    await pollQrTicket('poll-1');
    expect(seen[0]?.params).toEqual({ pollToken: 'poll-1' });
    expect(seen[0]?.silent).toBe(true);
    expect(sessionStore.get()).toMatchObject({ token: 'qr-token', uid: 'u7', name: 'Ann', phone: '13900000000' });
    expect(Cookies.get('spatia_uid')).toBe('u7');
  });

  it('leaves the session alone while pending', async () => {
    replyWith({ status: 'pending', expiresAt: 1 });
    await pollQrTicket('poll-2');
    expect(sessionStore.get().uid).toBe('');
  });
});

describe('WeChat and remembered phone', () => {
  it('sends the whole page to the authorize endpoint with the redirect', () => {
    expect(wechatAuthorizeUrl('/dashboard/dashboard?x=1')).toBe('/api/open/wechat/authorize?redirect=%2Fdashboard%2Fdashboard%3Fx%3D1');
  });

  it('keeps a remembered phone (and nothing else) across logout', async () => {
    replyWith(null);
    rememberPhone('13800000002');
    localStorage.setItem('other', 'x');
    await logout();
    expect(readRememberedPhone()).toBe('13800000002');
    expect(localStorage.getItem('other')).toBeNull();
    rememberPhone(null);
    expect(readRememberedPhone()).toBe('');
  });
});
