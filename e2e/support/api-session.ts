import { expect, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { dataOf } from './api';
import type { Language } from './back-office';
import { TOKEN_COOKIE } from './session';

/*
 * Signing in without the login form, for the journeys that do not test it (the login journeys do): one
 * POST /api/client/login, whose token goes into the `spatia_token` cookie the web app reads at start
 * (apps/web/src/stores/session-store.ts); the route guard then loads the user's roles and menus as after
 * a reload. Saves loading /login, its bundle and the redirect on every test (and every extra browser).
 */

/** Puts a session of `user` into `context` (through the context's own request, so nothing else is shared). */
export async function signInByApi(context: BrowserContext, baseURL: string, user: { phone: string; password: string }): Promise<void> {
  const login = await context.request.post('/api/client/login', { form: { phoneNumber: user.phone, password: user.password } });
  const { uid } = await dataOf<{ uid: string }>(login);
  const token = login.headers()['x-auth-token'] ?? '';
  expect(token).not.toBe('');
  await context.addCookies([
    { name: TOKEN_COOKIE, value: token, url: baseURL },
    { name: 'spatia_uid', value: uid, url: baseURL },
  ]);
}

/** The test's own page signed in as `user` (no login form), opened at `path`. */
export async function openSignedIn(page: Page, info: TestInfo, user: { phone: string; password: string }, path: string): Promise<void> {
  await signInByApi(page.context(), info.project.use.baseURL!, user);
  await page.goto(path);
}

/**
 * A page in a browser of its own, in `language`, signed in as `user` (no login form) at `path`; close it
 * with `page.context().close()`.
 */
export async function apiSignedInPage(
  browser: Browser,
  info: TestInfo,
  language: Language,
  user: { phone: string; password: string },
  path: string,
): Promise<Page> {
  const baseURL = info.project.use.baseURL!;
  const context = await browser.newContext({ locale: language === 'zh' ? 'zh-CN' : 'en-US', baseURL, reducedMotion: 'reduce' });
  await signInByApi(context, baseURL, user);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}
