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
import type { Client, ClientPathsWithMethod, ParamsOption, RequestBodyOption } from 'openapi-fetch';
import { i18n } from '../i18n';
import { getToken, resetToken, setToken } from '../stores/session-store';
import { getFeedback } from './feedback';
import type { paths } from './schema.gen';

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

/**
 * application/x-www-form-urlencoded body, as the spec's client sends login and attribute changes. `null`
 * (a number cleared) is sent as an empty value, which the server reads as null; `undefined` is left out.
 */
export function formBody(values: Record<string, string | number | boolean | null | undefined>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) body.append(key, value === null ? '' : String(value));
  }
  return body;
}

/** The API's operations as the server describes them (`npm run api:types`), by method and path. */
type Api = Client<paths, 'application/json'>;
type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';
type PathOf<M extends Method> = ClientPathsWithMethod<Api, M>;
type Operation<M extends Method, P extends PathOf<M>> = paths[P][M];

/**
 * The `data` of an operation's success envelope `{code: 0, msg, data}`, read straight from its 200 answer:
 * openapi-fetch's `MethodResponse` passes it through `Readable`, which widens a tuple (a point's
 * `[x, y, z]`) into an array.
 */
export type ApiData<M extends Method, P extends PathOf<M>> =
  Operation<M, P> extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } } ? D : never;

/** The body an operation takes, as declared (JSON; `form: true` sends the same fields form-encoded). */
export type ApiBody<M extends Method, P extends PathOf<M>> =
  Operation<M, P> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** What the transport takes besides the operation's own parameters and body. */
type TransportOptions = Pick<AxiosRequestConfig, 'tjhx' | 'point_cloud' | 'map' | 'silent' | 'signal' | 'timeout' | 'headers'> & {
  /** Send the body (or an empty one) as application/x-www-form-urlencoded, as the spec's client sends login and attribute changes. */
  form?: boolean;
};

/** The operation's path and query parameters and its body, as declared; `params` is optional when nothing is required. */
type CallOptions<M extends Method, P extends PathOf<M>> = ParamsOption<Operation<M, P>> &
  RequestBodyOption<Operation<M, P>> &
  TransportOptions;
type CallArgs<M extends Method, P extends PathOf<M>> = object extends ParamsOption<Operation<M, P>> & RequestBodyOption<Operation<M, P>>
  ? [options?: CallOptions<M, P>]
  : [options: CallOptions<M, P>];

/** `/model/{id}/traffic` with `{id: 'a'}`: `/model/a/traffic`. */
export function fillPath(template: string, values: Record<string, string | number | boolean | undefined> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${template}: no value for {${name}}`);
    // Commas stay as they are: a path parameter may be a comma-separated list (`/authIdentity/{ids}/details`).
    return encodeURIComponent(String(value)).replace(/%2C/gi, ',');
  });
}

async function call<M extends Method, P extends PathOf<M>>(method: M, path: P, options?: CallOptions<M, P>): Promise<ApiData<M, P>> {
  const { params, body, form, ...transport } = (options ?? {}) as TransportOptions & {
    params?: { path?: Record<string, string | number | boolean | undefined>; query?: Record<string, unknown> };
    body?: unknown;
  };
  const config: AxiosRequestConfig = { ...transport, method, url: fillPath(path, params?.path) };
  if (params?.query !== undefined) config.params = params.query;
  if (form) {
    // An operation without a body sends an empty form, as the spec's client does (adding a tag).
    config.data = formBody((body ?? {}) as Record<string, string | number | boolean | null | undefined>);
    config.headers = { ...FORM_HEADERS, ...(transport.headers as Record<string, string> | undefined) };
  } else if (body !== undefined) {
    config.data = body;
  }
  return request<ApiData<M, P>>(config);
}

/**
 * The typed client (issue 25): a page calls an operation by its method and path and gets the declared
 * shapes, `api.get('/model/{id}/traffic', { params: { path: { id: uid } } })`. It goes through `http`, so the
 * hosts, the auth headers, the envelope and the error messages are those of `request`.
 */
export const api = {
  get: <P extends PathOf<'get'>>(path: P, ...[options]: CallArgs<'get', P>) => call('get', path, options),
  post: <P extends PathOf<'post'>>(path: P, ...[options]: CallArgs<'post', P>) => call('post', path, options),
  put: <P extends PathOf<'put'>>(path: P, ...[options]: CallArgs<'put', P>) => call('put', path, options),
  delete: <P extends PathOf<'delete'>>(path: P, ...[options]: CallArgs<'delete', P>) => call('delete', path, options),
  patch: <P extends PathOf<'patch'>>(path: P, ...[options]: CallArgs<'patch', P>) => call('patch', path, options),
};
