import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getToken, setToken } from '../stores/session-store';
import {
  ApiError,
  configureApiBaseUrls,
  formBody,
  http,
  type HttpAdapter,
  HttpError,
  type HttpResponse,
  request,
  requestUrl,
  type SentRequest,
  showReloginDialog,
} from './client';
import { registerFeedback } from './feedback';

interface Reply {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
}

let seen: SentRequest[] = [];

function replyWith(reply: Reply | ((config: SentRequest) => Reply)): void {
  const adapter: HttpAdapter = async (config) => {
    seen.push(config);
    const { status, data, headers } = typeof reply === 'function' ? reply(config) : reply;
    const response: HttpResponse = {
      status,
      statusText: String(status),
      data,
      headers: headers ?? {},
    };
    if (status >= 200 && status < 300) return response;
    throw new HttpError('Request failed', 'ERR_BAD_RESPONSE', response);
  };
  http.defaults.adapter = adapter;
}

const error = vi.fn();
const confirm = vi.fn();
const navigate = vi.fn();

beforeEach(() => {
  seen = [];
  error.mockReset();
  confirm.mockReset();
  navigate.mockReset();
  registerFeedback({
    message: { error, success: vi.fn(), warning: vi.fn(), info: vi.fn() },
    modal: { confirm },
    navigate,
  });
  clearSession();
});

afterEach(() => {
  clearSession();
});

describe('request headers and hosts', () => {
  it('uses /api and a 20 s timeout by default', async () => {
    replyWith({ status: 200, data: { code: 0, msg: 'ok', data: 1 } });
    await request({ url: '/health' });
    expect(seen[0]?.baseURL).toBe('/api');
    expect(seen[0]?.timeout).toBe(20_000);
  });

  it('sends no auth headers without a token', async () => {
    replyWith({ status: 200, data: { code: 0, msg: 'ok' } });
    await request({ url: '/open/siteConfig' });
    expect(seen[0]?.headers.get('auth-token')).toBeUndefined();
    expect(seen[0]?.headers.get('x-auth-token')).toBeUndefined();
  });

  it('sends both auth headers when a token exists', async () => {
    setToken('t-123');
    replyWith({ status: 200, data: { code: 0, msg: 'ok' } });
    await request({ url: '/c/profile' });
    expect(seen[0]?.headers.get('auth-token')).toBe('t-123');
    expect(seen[0]?.headers.get('x-auth-token')).toBe('t-123');
  });

  it('routes tjhx, point_cloud and map requests to their hosts; maps get no auth headers', async () => {
    setToken('t-123');
    configureApiBaseUrls({ tjhx: 'https://tjhx.example', pointCloud: 'https://slices.example:8443', maps: 'https://maps.example' });
    replyWith({ status: 200, data: { code: 0, msg: 'ok' } });
    await request({ url: '/a', tjhx: true });
    await request({ url: '/b', point_cloud: true });
    await request({ url: '/c', map: true });
    expect(seen.map((config) => config.baseURL)).toEqual(['https://tjhx.example', 'https://slices.example:8443', 'https://maps.example']);
    expect(seen[1]?.headers.get('x-auth-token')).toBe('t-123');
    expect(seen[2]?.headers.get('auth-token')).toBeUndefined();
    expect(seen[2]?.headers.get('x-auth-token')).toBeUndefined();
  });

  it('stores a token found in the x-auth-token response header', async () => {
    replyWith({ status: 200, data: { code: 0, msg: 'ok' }, headers: { 'x-auth-token': 'fresh' } });
    await request({ url: '/client/login', method: 'POST' });
    expect(getToken()).toBe('fresh');
    expect(localStorage.getItem('spatia_token')).toBe('fresh');
    expect(document.cookie).toContain('spatia_token=fresh');
  });
});

describe('spec 8 error handling', () => {
  it('unwraps data on code 0', async () => {
    replyWith({ status: 200, data: { code: 0, msg: 'ok', data: { apkUrl: 'x' } } });
    await expect(request({ url: '/open/c/zhipaiApp' })).resolves.toEqual({ apkUrl: 'x' });
  });

  it('rejects a 2xx with a non-zero code, without a message', async () => {
    replyWith({ status: 200, data: { code: 1001, msg: 'bad' } });
    await expect(request({ url: '/x' })).rejects.toBeInstanceOf(ApiError);
    expect(error).not.toHaveBeenCalled();
  });

  it('shows the server message for 5 s on other non-2xx responses', async () => {
    replyWith({ status: 400, data: { code: 1101, msg: '密码错误' } });
    await expect(request({ url: '/client/login' })).rejects.toMatchObject({ code: 1101, status: 400, message: '密码错误' });
    expect(error).toHaveBeenCalledWith({ content: '密码错误', duration: 5 });
  });

  it('shows a 429 message and hands its Retry-After to the caller', async () => {
    replyWith({ status: 429, data: { code: 1110, msg: '请 15 秒后再试' }, headers: { 'retry-after': '15' } });
    await expect(request({ url: '/client/login' })).rejects.toMatchObject({ code: 1110, status: 429, retryAfterSeconds: 15 });
    expect(error).toHaveBeenCalledWith({ content: '请 15 秒后再试', duration: 5 });
  });

  it("falls back to 'Error' when the body has no message", async () => {
    replyWith({ status: 500, data: '' });
    await expect(request({ url: '/x' })).rejects.toBeInstanceOf(ApiError);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]?.[0]).toMatchObject({ duration: 5 });
  });

  it('shows a message for network errors without a response', async () => {
    http.defaults.adapter = async () => {
      throw new HttpError('Network Error', 'ERR_NETWORK');
    };
    await expect(request({ url: '/x' })).rejects.toMatchObject({ status: undefined });
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('opens one re-login dialog for 401 {code: 401}, however many requests fail', async () => {
    replyWith({ status: 401, data: { code: 401, msg: 'not logged in' } });
    await Promise.allSettled([request({ url: '/a' }), request({ url: '/b' })]);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
    const options = confirm.mock.calls[0]?.[0] as { okText: string; cancelText: string; afterClose: () => void };
    options.afterClose();
    showReloginDialog();
    expect(confirm).toHaveBeenCalledTimes(2);
    (confirm.mock.calls[1]?.[0] as { afterClose: () => void }).afterClose();
  });

  it('Re-login clears the token and goes to /login with the current path', async () => {
    setToken('stale');
    window.history.replaceState(null, '', '/dashboard/dashboard?tab=1');
    replyWith({ status: 401, data: { code: 401, msg: 'expired' } });
    await expect(request({ url: '/a' })).rejects.toMatchObject({ code: 401 });
    const options = confirm.mock.calls[0]?.[0] as { onOk: () => void; afterClose: () => void };
    options.onOk();
    options.afterClose();
    expect(getToken()).toBe('');
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fdashboard%2Fdashboard%3Ftab%3D1');
  });

  it('stays quiet for silent requests but still rejects', async () => {
    replyWith({ status: 401, data: { code: 401, msg: 'expired' } });
    await expect(request({ url: '/a', silent: true })).rejects.toMatchObject({ shown: false, message: 'expired' });
    replyWith({ status: 403, data: { code: 403, msg: 'forbidden' } });
    await expect(request({ url: '/b', silent: true })).rejects.toMatchObject({ shown: false, message: 'forbidden' });
    expect(confirm).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});

describe('the transport (what axios did before)', () => {
  it('writes parameters as axios did: no undefined or null, arrays as key[], readable : , [ ] and + for spaces', () => {
    const url = requestUrl({
      baseURL: '/api/',
      url: '/works?x=1',
      params: { q: 'a b:c,d', skip: undefined, none: null, ids: [1, 2], at: new Date(Date.UTC(2026, 0, 2)), flag: false },
    });
    expect(url).toBe('/api/works?x=1&q=a+b:c,d&ids[]=1&ids[]=2&at=2026-01-02T00:00:00.000Z&flag=false');
    expect(requestUrl({ baseURL: '/api', url: 'https://maps.example/tiles', params: {} })).toBe('https://maps.example/tiles');
  });

  it('sends objects as JSON and forms as they are, with their types; the method lower-case', async () => {
    replyWith({ status: 200, data: { code: 0, msg: 'ok' } });
    await request({ url: '/a', method: 'POST', data: { n: 1 } });
    await request({ url: '/b', method: 'PUT', data: formBody({ name: 'A' }) });
    expect(seen[0]?.method).toBe('post');
    expect(seen[0]?.data).toBe('{"n":1}');
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
    expect(String(seen[1]?.data)).toBe('name=A');
    expect(seen[1]?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded;charset=utf-8');
  });

  it('passes a cancelled request on without a message', async () => {
    http.defaults.adapter = async () => {
      throw new HttpError('canceled', 'ERR_CANCELED');
    };
    await expect(request({ url: '/x' })).rejects.toMatchObject({ code: 'ERR_CANCELED' });
    expect(error).not.toHaveBeenCalled();
  });
});
