import axios, { AxiosError, AxiosHeaders, type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import {
  asError,
  AUTH_HEADER,
  AUTH_HEADER_X,
  ERROR_TOAST_MS,
  ErrorCode,
  HTTP_TIMEOUT_MS,
  type Envelope,
  type SiteConfig,
} from '@spatia/contract';
import { i18n } from '../i18n';
import { getToken, resetToken, setToken } from '../stores/session-store';
import { getFeedback } from './feedback';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Send to the separate tjhx API host (spec 7.1). */
    tjhx?: boolean;
    /** Send to the point-cloud slice service (spec 7.1). */
    point_cloud?: boolean;
    /** A maps-service request: its own host, never any auth header (spec 7.1). */
    map?: boolean;
    /** The caller shows failures itself (e.g. the guard's user-info fetch, spec 4). */
    silent?: boolean;
  }
}

export type ApiBaseUrls = SiteConfig['apiBaseUrls'];

export const DEFAULT_API_BASE_URL = '/api';

const baseUrls: ApiBaseUrls = { main: DEFAULT_API_BASE_URL, tjhx: '', pointCloud: '', maps: '' };

/** Hosts come from `GET /api/open/siteConfig`; empty values keep the defaults. */
export function configureApiBaseUrls(next: Partial<ApiBaseUrls>): void {
  for (const key of Object.keys(baseUrls) as (keyof ApiBaseUrls)[]) {
    const value = next[key];
    if (value) baseUrls[key] = value;
  }
  http.defaults.baseURL = baseUrls.main;
}

export function resolveBaseUrl(config: Pick<AxiosRequestConfig, 'tjhx' | 'point_cloud' | 'map'>): string {
  if (config.tjhx && baseUrls.tjhx) return baseUrls.tjhx;
  if (config.point_cloud && baseUrls.pointCloud) return baseUrls.pointCloud;
  if (config.map && baseUrls.maps) return baseUrls.maps;
  return baseUrls.main;
}

/**
 * A rejected request. `message` is the server's message ('' when it sent none), so that a caller
 * handling a silent request can pick its own fallback; `shown` tells whether the user saw a message.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
    readonly status: number | undefined,
    readonly shown: boolean,
    /** A 429's `Retry-After` in seconds: how long the server asks the client to wait. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** `Retry-After` given in seconds (the form this API sends), else undefined. */
function retryAfterOf(response: AxiosResponse | undefined): number | undefined {
  const value = (response?.headers as Record<string, unknown> | undefined)?.['retry-after'];
  return typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value;
}

function bodyMessage(body: unknown): string {
  return isEnvelope(body) && typeof body.msg === 'string' ? body.msg : '';
}

let reloginDialogOpen = false;

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Spec 8: one dialog at a time; Re-login clears the token and goes to /login?redirect=<current path>. */
export function showReloginDialog(): void {
  if (reloginDialogOpen) return;
  reloginDialogOpen = true;
  const { modal, navigate } = getFeedback();
  modal.confirm({
    title: i18n.t('errors.sessionExpiredTitle'),
    content: i18n.t('errors.sessionExpired'),
    okText: i18n.t('errors.relogin'),
    cancelText: i18n.t('common.actions.cancel'),
    onOk: () => {
      const redirect = currentPath();
      resetToken();
      navigate(`/login?redirect=${encodeURIComponent(redirect)}`);
    },
    afterClose: () => {
      reloginDialogOpen = false;
    },
  });
}

function onRequest(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  config.baseURL = resolveBaseUrl(config);
  const headers = AxiosHeaders.from(config.headers);
  const token = getToken();
  if (config.map) {
    headers.delete(AUTH_HEADER);
    headers.delete(AUTH_HEADER_X);
  } else if (token) {
    headers.set(AUTH_HEADER, token);
    headers.set(AUTH_HEADER_X, token);
  }
  config.headers = headers;
  return config;
}

function captureToken(response: AxiosResponse | undefined): void {
  const token = response?.headers?.[AUTH_HEADER_X] as unknown;
  if (typeof token === 'string' && token) setToken(token);
}

function onResponse(response: AxiosResponse): AxiosResponse | Promise<never> {
  captureToken(response);
  const body: unknown = response.data;
  if (isEnvelope(body) && body.code !== undefined && body.code !== ErrorCode.ok) {
    // Spec 8: a 2xx with a non-zero code is rejected without a message of our own.
    return Promise.reject(new ApiError(bodyMessage(body), body.code, response.status, false));
  }
  return response;
}

function onError(error: unknown): Promise<never> {
  const silent = axios.isAxiosError(error) && error.config?.silent === true;
  const { message } = getFeedback();
  if (!(error instanceof AxiosError)) {
    // Not from the transport (a request interceptor or an adapter threw): pass it on as an Error.
    return Promise.reject(asError(error));
  }
  if (axios.isCancel(error)) return Promise.reject(error);
  const response = error.response;
  const body: unknown = response?.data;
  const code = isEnvelope(body) ? body.code : undefined;
  const serverMessage = bodyMessage(body);
  // Axios only rejects non-2xx responses here, so a body code 401 is the spec 8 "not logged in" case.
  if (response && code === ErrorCode.unauthenticated) {
    if (!silent) showReloginDialog();
    return Promise.reject(new ApiError(serverMessage, code, response.status, !silent));
  }
  if (response) {
    const text = serverMessage || i18n.t('errors.requestFailed');
    if (!silent) void message.error({ content: text, duration: ERROR_TOAST_MS / 1000 });
    return Promise.reject(new ApiError(serverMessage, code, response.status, !silent, retryAfterOf(response)));
  }
  if (!silent) void message.error({ content: i18n.t('errors.networkFailed'), duration: ERROR_TOAST_MS / 1000 });
  return Promise.reject(new ApiError('', undefined, undefined, !silent));
}

/** The one HTTP client of the web app (spec 7.1). */
export const http = axios.create({
  baseURL: DEFAULT_API_BASE_URL,
  timeout: HTTP_TIMEOUT_MS,
});

http.interceptors.request.use(onRequest);
http.interceptors.response.use(onResponse, onError);

/** Unwraps the envelope: resolves with `data` of `{code: 0, msg, data}`. */
export async function request<T>(config: AxiosRequestConfig): Promise<T> {
  const response = await http.request<Envelope<T>>(config);
  return response.data.data as T;
}

/** The form body the spec's client sends for attribute changes and the like (with `formBody`). */
export const FORM_HEADERS = { 'Content-Type': 'application/x-www-form-urlencoded' } as const;

/** application/x-www-form-urlencoded body, as the spec's client sends login and attribute changes. */
export function formBody(values: Record<string, string | number | boolean | undefined>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) body.append(key, String(value));
  }
  return body;
}
