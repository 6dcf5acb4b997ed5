import { expect, type Browser, type Page } from '@playwright/test';
import type { Language } from './back-office';
import { sessionFromApi } from './session';

/** The phone sizes issue 30 names for the pages of spec 2.5. */
export const PHONES = [
  { name: '375x667', viewport: { width: 375, height: 667 } },
  { name: '360x740', viewport: { width: 360, height: 740 } },
] as const;

export type Phone = (typeof PHONES)[number];

/**
 * A new phone (touch, the size given, reduced motion) in `language`; signed in as `user` when given; at
 * `geolocation`, with the permission to read it granted, when given.
 */
export async function phonePage(
  browser: Browser,
  baseURL: string | undefined,
  language: Language,
  viewport: { width: number; height: number },
  options: { user?: { phone: string; password: string }; geolocation?: { latitude: number; longitude: number } } = {},
): Promise<Page> {
  const { user, geolocation } = options;
  const context = await browser.newContext({
    baseURL,
    locale: language === 'zh' ? 'zh-CN' : 'en-US',
    viewport,
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
    ...(geolocation ? { geolocation, permissions: ['geolocation'] } : {}),
  });
  if (user) await sessionFromApi(context, user);
  return context.newPage();
}

/** Nothing on the page is wider than the phone: it never scrolls sideways. */
export async function fitsThePhone(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** A finger pulling down from `start` by `distance` px in small steps and letting go (the lists' pull to refresh). */
export async function pullDown(page: Page, start: { x: number; y: number }, distance: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const at = (y: number) => [{ x: start.x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(start.y) });
  for (let step = 1; step <= 10; step += 1)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(start.y + (distance * step) / 10) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
