import type { Browser, Page, TestInfo } from '@playwright/test';
import type { Language } from './back-office';
import { sessionFromApi } from './session';

/*
 * Pages signed in without the login form (`sessionFromApi` in ./session.ts), for the journeys that do not test
 * the form (the login journeys do): saves loading /login and the redirect through the dashboard.
 */

/** The test's own page signed in as `user` (no login form), opened at `path`. */
export async function openSignedIn(page: Page, info: TestInfo, user: { phone: string; password: string }, path: string): Promise<void> {
  await sessionFromApi(page.context(), user);
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
  await sessionFromApi(context, user);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}
