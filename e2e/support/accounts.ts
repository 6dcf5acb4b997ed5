import { expect, type APIRequest, type APIRequestContext, type Page } from '@playwright/test';
import { dataOf } from './api';
import { chooseFromMenu, TOKEN_COOKIE } from './session';

/**
 * A fresh mainland mobile number for one test. Tests run in parallel against one server, and the
 * server sends at most one code per phone per minute, so every test uses its own numbers.
 * `network` (3-9) keeps the spec files apart; the rest comes from the clock and a counter.
 */
let counter = 0;
export function uniquePhone(network: 3 | 4 | 5 | 6 | 7 | 8 | 9): string {
  counter += 1;
  const tail = (Date.now() * 10 + counter + Math.floor(Math.random() * 10)) % 1_000_000_000;
  return `1${network}${String(tail).padStart(9, '0')}`;
}

interface OutboxMessage {
  phoneNumber: string;
  purpose: string;
  code: string;
  text: string;
  sentAt: number;
}

/** The newest code the console SMS driver "sent" to `phone` (GET /api/dev/sms-outbox). */
export async function readCode(request: APIRequestContext, phone: string, purpose?: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/sms-outbox?phoneNumber=${phone}`);
        const body = (await response.json()) as { data?: OutboxMessage[] };
        const message = (body.data ?? []).find((item) => item.phoneNumber === phone && (!purpose || item.purpose === purpose));
        code = message?.code ?? '';
        return code;
      },
      { timeout: 5_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** Creates an account through the API (one sign-up code) and returns its token. */
export async function createAccount(request: APIRequestContext, phone: string, password: string): Promise<string> {
  const issued = await request.get(`/api/client/register/verifyCode?phoneNumber=${phone}`);
  expect(issued.ok()).toBe(true);
  const { data } = (await issued.json()) as { data: { hash: string; expiredTime: number } };
  const verifyCode = await readCode(request, phone);
  const created = await request.post('/api/c/register', {
    data: { phoneNumber: phone, password, verifyCode, expiredTime: data.expiredTime, hash: data.hash },
  });
  expect(created.ok()).toBe(true);
  return created.headers()['x-auth-token'] ?? '';
}

/** A new account signed in through POST /api/client/login, with a request context that sends its token. */
export interface SignedInAccount {
  phone: string;
  password: string;
  uid: string;
  /** Requests as this user (the token in `auth-token` and `x-auth-token`). */
  api: APIRequestContext;
}

export async function signedInAccount(
  request: APIRequestContext,
  contexts: APIRequest,
  { network, password, baseURL }: { network: Parameters<typeof uniquePhone>[0]; password: string; baseURL?: string },
): Promise<SignedInAccount> {
  const phone = uniquePhone(network);
  await createAccount(request, phone, password);
  return signedInAs(request, contexts, { phone, password, baseURL });
}

/** An existing account (one the e2e run seeded) signed in through POST /api/client/login. */
export async function signedInAs(
  request: APIRequestContext,
  contexts: APIRequest,
  { phone, password, baseURL }: { phone: string; password: string; baseURL?: string },
): Promise<SignedInAccount> {
  const login = await request.post('/api/client/login', { form: { phoneNumber: phone, password } });
  const { uid } = await dataOf<{ uid: string }>(login);
  const token = login.headers()['x-auth-token'] ?? '';
  expect(token).not.toBe('');
  const api = await contexts.newContext({ baseURL, extraHTTPHeaders: { 'auth-token': token, 'x-auth-token': token } });
  return { phone, password, uid, api };
}

/** Signs out through the user menu of the console. */
export async function signOutFromConsole(page: Page): Promise<void> {
  await chooseFromMenu(page, page.getByTestId('user-menu'), /退出登录|Log out/);
  await expect(page).toHaveURL(/\/login/);
}

export async function hasToken(page: Page): Promise<boolean> {
  const cookies = await page.context().cookies();
  return cookies.some((cookie) => cookie.name === TOKEN_COOKIE && cookie.value !== '');
}
