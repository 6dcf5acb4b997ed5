import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
  type TestInfo,
} from '@playwright/test';
import { sessionFromApi } from './session';
import { gradientPng } from './works';

/*
 * Steps the back-office journeys share (issue 14): each runs once in Chinese and once in English, has
 * a user and an admin in browsers of their own, and approves applications from a review queue.
 */

export type Language = 'zh' | 'en';

export interface JourneyFixtures {
  browser: Browser;
  page: Page;
  request: APIRequestContext;
  playwright: PlaywrightWorkerArgs['playwright'];
}

/**
 * The journey as two tests, `<title> (zh)` in the project's default locale and `<title> (en)` under
 * en-US, each marked slow.
 */
export function inBothLanguages(
  title: string,
  journey: (fixtures: JourneyFixtures, info: TestInfo, language: Language) => Promise<void>,
): void {
  // Playwright sets up the fixtures the test function destructures: these four, whichever the journey uses.
  const run =
    (language: Language) =>
    async ({ browser, page, request, playwright }: JourneyFixtures, info: TestInfo): Promise<void> => {
      test.slow();
      await journey({ browser, page, request, playwright }, info, language);
    };
  test(`${title} (zh)`, run('zh'));
  test.describe('in English', () => {
    test.use({ locale: 'en-US' });
    test(`${title} (en)`, run('en'));
  });
}

/**
 * Signs in without the login form (`sessionFromApi`: the login form has journeys of its own) and opens `path`.
 */
export async function signInAt(page: Page, user: { phone: string; password: string }, path: string): Promise<void> {
  await sessionFromApi(page.context(), user);
  await page.goto(path);
  await expect(page).toHaveURL(path);
}

/** A page in a browser of its own, in the journey's language, signed in as `user` at `path`; close it with `page.context().close()`. */
export async function signedInPage(
  browser: Browser,
  info: TestInfo,
  language: Language,
  user: { phone: string; password: string },
  path: string,
): Promise<Page> {
  const context = await browser.newContext({ locale: language === 'zh' ? 'zh-CN' : 'en-US', baseURL: info.project.use.baseURL });
  const page = await context.newPage();
  await signInAt(page, user, path);
  return page;
}

/** Approves a queue's row through its button and the confirmation; the row then leaves the queue. */
export async function approveRow(page: Page, row: Locator, buttonTestId: string, approve: RegExp): Promise<void> {
  await row.getByTestId(buttonTestId).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: approve }).click();
  await expect(row).toHaveCount(0);
}

/**
 * An application's image (a licence, a business card) unlike any other test's: the server tells
 * licences apart by their bytes (one free trial each), and the two languages may run at the same moment.
 */
export function freshPng(width: number, height: number, language: Language): Buffer {
  const shade = (Date.now() + (language === 'zh' ? 0 : 97)) % 200;
  return gradientPng(width, height, [shade, 70, 150], [245, 215 - (shade % 100), 105]);
}
