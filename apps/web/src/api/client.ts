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

/**
 * A request as the app writes it. The web app's one HTTP client is this module's own small transport over
 * XMLHttpRequest (upload progress, a timeout, cancelling by `signal`), shaped as axios was (docs/web.md,
 * "Loading": axios was 20 kB of the home page's first script): the same config fields, URL building and
 * parameter encoding, body encoding, JSON parsing and errors.
 */
export interface RequestConfig {
  url?: string;
  /** Any case; sent upper-case, handed to the transport lower-case (`'post'`). */
  method?: string;
  /** Query parameters: `undefined` and `null` are left out, arrays sent as `key[]=a&key[]=b`, dates as ISO text. */
  params?: Record<string, unknown>;
  /** JSON for objects and arrays; `URLSearchParams`, `FormData`, `Blob` and text as they are. */
  data?: unknown;
  headers?: Record<string, string | undefined>;
  /** Milliseconds; 0 waits as long as it takes. 20 s by default (spec 7.1). */
  timeout?: number;
  signal?: AbortSignal;
  onUploadProgress?: (event: { loaded: number; total?: number }) => void;
  /** Send to the separate tjhx API host (spec 7.1). */
  tjhx?: boolean;
  /** Send to the point-cloud slice service (spec 7.1). */
  point_cloud?: boolean;
  /** A maps-service request: its own host, never any auth header (spec 7.1). */
  map?: boolean;
  /** The caller shows failures itself (e.g. the guard's user-info fetch, spec 4). */
  silent?: boolean;
}

/** Request header names, case-insensitive. */
export class RequestHeaders {
  private readonly values = new Map<string, { name: string; value: string }>();

  constructor(init: Record<string, string | undefined> = {}) {
    for (const [name, value] of Object.entries(init)) if (value !== undefined) this.set(name, value);
  }

  get(name: string): string | undefined {
    return this.values.get(name.toLowerCase())?.value;
  }

  set(name: string, value: string): void {
    this.values.set(name.toLowerCase(), { name, value });
  }

  delete(name: string): void {
    this.values.delete(name.toLowerCase());
  }

  entries(): [string, string][] {
    return [...this.values.values()].map(({ name, value }) => [name, value]);
  }
}

/** What the transport sends: the request with its host, its headers and its encoded body. */
export interface SentRequest extends Omit<RequestConfig, 'headers' | 'method'> {
  url: string;
  method: string;
  baseURL: string;
  timeout: number;
  headers: RequestHeaders;
}

/** An answer: header names lower-case. */
export interface HttpResponse<T = unknown> {
  status: number;
  statusText?: string;
  data: T;
  headers: Record<string, string>;
}

/** Sends a request; resolves with a 2xx answer, rejects with an HttpError otherwise. Tests put a stand-in here. */
export type HttpAdapter = (request: SentRequest) => Promise<HttpResponse>;

/** The transport's failure: a non-2xx answer (with its `response`), no answer, the timeout, or a cancelled request. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly code: 'ERR_BAD_RESPONSE' | 'ERR_NETWORK' | 'ECONNABORTED' | 'ERR_CANCELED',
    readonly response?: HttpResponse,
  ) {
    super(message);
    this.name = code === 'ERR_CANCELED' ? 'CanceledError' : 'HttpError';
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

export function resolveBaseUrl(config: Pick<RequestConfig, 'tjhx' | 'point_cloud' | 'map'>): string {
  if (config.tjhx && baseUrls.tjhx) return baseUrls.tjhx;
  if (config.point_cloud && baseUrls.pointCloud) return baseUrls.pointCloud;
  if (config.map && baseUrls.maps) return baseUrls.maps;
  return baseUrls.main;
}

/** encodeURIComponent, leaving `: $ , [ ]` readable and spaces as `+`, as axios writes parameters. */
function encodeParam(value: string): string {
  return encodeURIComponent(value)
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+')
    .replace(/%5B/gi, '[')
    .replace(/%5D/gi, ']');
}

function appendParam(pairs: string[], key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendParam(pairs, `${key}[]`, item);
  } else if (value instanceof Date) {
    pairs.push(`${encodeParam(key)}=${encodeParam(value.toISOString())}`);
  } else if (typeof value === 'object') {
    for (const [name, inner] of Object.entries(value)) appendParam(pairs, `${key}[${name}]`, inner);
  } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    pairs.push(`${encodeParam(key)}=${encodeParam(String(value))}`);
  }
}

/** The address a request goes to: the base (unless the URL is absolute), the URL, the parameters. */
export function requestUrl({ baseURL, url, params }: Pick<SentRequest, 'baseURL' | 'url' | 'params'>): string {
  const full = /^([a-z][a-z\d+\-.]*:)?\/\//i.test(url) || !baseURL ? url : `${baseURL.replace(/\/?\/$/, '')}/${url.replace(/^\/+/, '')}`;
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params ?? {})) appendParam(pairs, key, value);
  if (pairs.length === 0) return full;
  const withoutHash = full.split('#')[0]!;
  return `${withoutHash}${withoutHash.includes('?') ? '&' : '?'}${pairs.join('&')}`;
}

/** The body as it goes on the wire, and the Content-Type it needs (as axios encodes it). */
function encodeBody(data: unknown, headers: RequestHeaders): unknown {
  if (data === undefined || data === null) return undefined;
  if (data instanceof FormData) {
    // The browser writes the multipart boundary into the type itself.
    headers.delete('Content-Type');
    return data;
  }
  if (data instanceof URLSearchParams) {
    if (!headers.get('Content-Type')) headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=utf-8');
    return data;
  }
  if (data instanceof Blob || data instanceof ArrayBuffer || ArrayBuffer.isView(data) || typeof data === 'string') return data;
  if (!headers.get('Content-Type')) headers.set('Content-Type', 'application/json');
  return JSON.stringify(data);
}

/** JSON when the text is JSON (the envelope), else the text itself (a CSV export). */
function parseBody(text: string): unknown {
  if (text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function parseHeaders(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** The browser's transport: XMLHttpRequest, for upload progress; 2xx resolves, anything else rejects. */
const xhrAdapter: HttpAdapter = (request) =>
  new Promise((resolve, reject) => {
    const { signal } = request;
    if (signal?.aborted) {
      reject(new HttpError('canceled', 'ERR_CANCELED'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(request.method.toUpperCase(), requestUrl(request), true);
    xhr.timeout = request.timeout;
    for (const [name, value] of request.headers.entries()) xhr.setRequestHeader(name, value);
    const { onUploadProgress } = request;
    if (onUploadProgress) {
      xhr.upload.addEventListener('progress', (event) =>
        onUploadProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined }),
      );
    }
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = (outcome: () => void) => () => {
      signal?.removeEventListener('abort', abort);
      outcome();
    };
    xhr.onload = settle(() => {
      const response: HttpResponse = {
        status: xhr.status,
        statusText: xhr.statusText,
        data: parseBody(xhr.responseText),
        headers: parseHeaders(xhr.getAllResponseHeaders()),
      };
      if (xhr.status >= 200 && xhr.status < 300) resolve(response);
      else reject(new HttpError(`Request failed with status code ${xhr.status}`, 'ERR_BAD_RESPONSE', response));
    });
    xhr.onerror = settle(() => reject(new HttpError('Network Error', 'ERR_NETWORK')));
    xhr.ontimeout = settle(() => reject(new HttpError(`timeout of ${request.timeout}ms exceeded`, 'ECONNABORTED')));
    xhr.onabort = settle(() => reject(new HttpError('canceled', 'ERR_CANCELED')));
    xhr.send((request.data ?? null) as XMLHttpRequestBodyInit | null);
  });

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
function retryAfterOf(response: HttpResponse | undefined): number | undefined {
  const value = response?.headers['retry-after'];
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

/** The host, the auth headers (none to the maps service) and the encoded body. */
function prepare(config: RequestConfig): SentRequest {
  const { headers: given, method = 'get', ...rest } = config;
  const headers = new RequestHeaders({ Accept: 'application/json, text/plain, */*', ...given });
  const token = getToken();
  if (config.map) {
    headers.delete(AUTH_HEADER);
    headers.delete(AUTH_HEADER_X);
  } else if (token) {
    headers.set(AUTH_HEADER, token);
    headers.set(AUTH_HEADER_X, token);
  }
  return {
    ...rest,
    url: config.url ?? '',
    method: method.toLowerCase(),
    baseURL: resolveBaseUrl(config),
    timeout: config.timeout ?? http.defaults.timeout,
    headers,
    data: encodeBody(config.data, headers),
  };
}

function captureToken(response: HttpResponse): void {
  const token = response.headers[AUTH_HEADER_X.toLowerCase()];
  if (typeof token === 'string' && token) setToken(token);
}

function onResponse(response: HttpResponse): HttpResponse {
  captureToken(response);
  const body: unknown = response.data;
  if (isEnvelope(body) && body.code !== undefined && body.code !== ErrorCode.ok) {
    // Spec 8: a 2xx with a non-zero code is rejected without a message of our own.
    throw new ApiError(bodyMessage(body), body.code, response.status, false);
  }
  return response;
}

function onError(error: unknown, silent: boolean): never {
  const { message } = getFeedback();
  if (!(error instanceof HttpError)) {
    // Not from the transport (the stand-in of a test threw, say): pass it on as an Error.
    throw asError(error);
  }
  if (error.code === 'ERR_CANCELED') throw error;
  const response = error.response;
  const body: unknown = response?.data;
  const code = isEnvelope(body) ? body.code : undefined;
  const serverMessage = bodyMessage(body);
  // Only non-2xx responses are rejected here, so a body code 401 is the spec 8 "not logged in" case.
  if (response && code === ErrorCode.unauthenticated) {
    if (!silent) showReloginDialog();
    throw new ApiError(serverMessage, code, response.status, !silent);
  }
  if (response) {
    const text = serverMessage || i18n.t('errors.requestFailed');
    if (!silent) void message.error({ content: text, duration: ERROR_TOAST_MS / 1000 });
    throw new ApiError(serverMessage, code, response.status, !silent, retryAfterOf(response));
  }
  if (!silent) void message.error({ content: i18n.t('errors.networkFailed'), duration: ERROR_TOAST_MS / 1000 });
  throw new ApiError('', undefined, undefined, !silent);
}

async function send<T>(config: RequestConfig): Promise<HttpResponse<T>> {
  const request = prepare(config);
  let response: HttpResponse;
  try {
    response = await http.defaults.adapter(request);
  } catch (error) {
    onError(error, config.silent === true);
  }
  return onResponse(response) as HttpResponse<T>;
}

/** The one HTTP client of the web app (spec 7.1): its defaults, and requests that answer the whole response. */
export const http = {
  defaults: { baseURL: DEFAULT_API_BASE_URL, timeout: HTTP_TIMEOUT_MS, adapter: xhrAdapter },
  request: send,
  get: <T>(url: string, config: RequestConfig = {}) => send<T>({ ...config, url, method: 'get' }),
};

/** Unwraps the envelope: resolves with `data` of `{code: 0, msg, data}`. */
export async function request<T>(config: RequestConfig): Promise<T> {
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
type TransportOptions = Pick<RequestConfig, 'tjhx' | 'point_cloud' | 'map' | 'silent' | 'signal' | 'timeout' | 'headers'> & {
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
  const config: RequestConfig = { ...transport, method, url: fillPath(path, params?.path) };
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
