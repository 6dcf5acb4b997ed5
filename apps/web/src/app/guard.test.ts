import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpError, type HttpResponse } from '../api/client';
import { registerFeedback } from '../api/feedback';
import { i18n } from '../i18n';
import { clearSession, sessionStore, setToken } from '../stores/session-store';
import { guardLoader } from './guard';

const error = vi.fn();
const confirm = vi.fn();
let infoCalls = 0;

function answer(status: number, data: unknown) {
  http.defaults.adapter = async () => {
    infoCalls += 1;
    const response: HttpResponse = { status, statusText: '', data, headers: {} };
    if (status < 300) return response;
    throw new HttpError('failed', 'ERR_BAD_RESPONSE', response);
  };
}

async function navigate(path: string): Promise<{ redirect?: string }> {
  const result = await guardLoader({ request: new Request(`http://localhost${path}`), params: {}, context: undefined } as never);
  return result ? { redirect: result.headers.get('Location') ?? '' } : {};
}

const info = {
  uid: 'u1',
  name: 'Ann',
  avatarUrl: '',
  roles: ['customer'],
  phone: '1',
  businessRoleCode: '',
  menus: [35],
  enterpriseLogoUrl: '',
};

beforeEach(async () => {
  infoCalls = 0;
  error.mockReset();
  confirm.mockReset();
  registerFeedback({ message: { error, success: vi.fn(), warning: vi.fn(), info: vi.fn() }, modal: { confirm } });
  clearSession();
  await i18n.changeLanguage('en');
});

afterEach(() => clearSession());

function signIn() {
  setToken('tok');
  Cookies.set('spatia_uid', 'u1');
  sessionStore.set((session) => ({ ...session, uid: 'u1' }));
}

describe('guardLoader', () => {
  it('sends anonymous users from console paths to /login with the path', async () => {
    expect(await navigate('/dashboard/dashboard?x=1')).toEqual({ redirect: '/login?redirect=%2Fdashboard%2Fdashboard%3Fx%3D1' });
    expect(await navigate('/privacyProtocol')).toEqual({});
  });

  it('fetches the user info once per token, then lets the user through', async () => {
    signIn();
    answer(200, { code: 0, msg: 'ok', data: info });
    expect(await navigate('/dashboard/dashboard')).toEqual({});
    expect(await navigate('/wallet/index')).toEqual({});
    expect(infoCalls).toBe(1);
    expect(sessionStore.get().menus).toEqual([35]);
  });

  it('sends a user without the permission to /404', async () => {
    signIn();
    answer(200, { code: 0, msg: 'ok', data: info });
    expect(await navigate('/explain/list')).toEqual({ redirect: '/404' });
  });

  it('leads a parent of the sidebar to its first child page the user may see, keeping the query', async () => {
    signIn();
    answer(200, { code: 0, msg: 'ok', data: info });
    expect(await navigate('/wallet?from=bookmark')).toEqual({ redirect: '/wallet/index?from=bookmark' });
    expect(await navigate('/order')).toEqual({ redirect: '/404' });
  });

  it("on failure resets the token, shows the server's message and goes to / with the redirect", async () => {
    signIn();
    answer(401, { code: 401, msg: 'Session expired' });
    expect(await navigate('/dashboard/dashboard')).toEqual({ redirect: '/?redirect=%2Fdashboard%2Fdashboard' });
    expect(sessionStore.get().token).toBe('');
    expect(error).toHaveBeenCalledWith({ content: 'Session expired', duration: 5 });
    expect(confirm).not.toHaveBeenCalled();
  });

  it("shows 'Has Error' when the server sent no message", async () => {
    signIn();
    answer(500, '');
    await navigate('/dashboard/dashboard');
    expect(error).toHaveBeenCalledWith({ content: 'Has Error', duration: 5 });
  });

  it("treats empty user info as 'Verification failed, please Login again.'", async () => {
    signIn();
    answer(200, { code: 0, msg: 'ok', data: null });
    expect(await navigate('/dashboard/dashboard')).toEqual({ redirect: '/?redirect=%2Fdashboard%2Fdashboard' });
    expect(error).toHaveBeenCalledWith({ content: 'Verification failed, please Login again.', duration: 5 });
  });
});
