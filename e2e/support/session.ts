import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import path from 'node:path';

/** Seeded by scripts/e2e.mjs. */
export const users = {
  admin: { phone: '13800000001', password: 'Admin#2026pass' },
  customer: { phone: '13800000002', password: 'User#2026pass', name: 'Test User' },
  /** Only the password-reset journey uses it: its phone has had no code yet, so a code comes at once. */
  resetter: { phone: '13800000003', password: 'Reset#2026pass', name: 'Reset User' },
  /** A photographer with the point-cloud list (permission 460). */
  surveyor: { phone: '13800000004', password: 'Survey#2026pass', name: 'Survey User' },
  /**
   * The withdrawal journey's sellers, one per language: seeded, so no sign-up code went to their phones and
   * the withdrawal's code (one a minute per phone) comes at once.
   */
  withdrawers: {
    zh: { phone: '13800000005', password: 'Withdraw#2026' },
    en: { phone: '13800000006', password: 'Withdraw#2026' },
  },
  /** The membership renewal journey's members, one per language: a trial and a balance are given them through the API. */
  renewers: {
    zh: { phone: '13800000007', password: 'Renew#2026' },
    en: { phone: '13800000008', password: 'Renew#2026' },
  },
  /** The market journey's sellers and buyers, one per language; their works and balance: e2e/support/market.ts. */
  marketSellers: {
    zh: { phone: '13800000009', password: 'Market#2026', name: 'Seller Zh' },
    en: { phone: '13800000010', password: 'Market#2026', name: 'Seller En' },
  },
  marketBuyers: {
    zh: { phone: '13800000011', password: 'Market#2026', name: 'Buyer Zh' },
    en: { phone: '13800000012', password: 'Market#2026', name: 'Buyer En' },
  },
  /** The service-order journeys' customers, one per language (balance and coupon: e2e/support/service-orders.ts). */
  serviceCustomers: {
    zh: { phone: '13800000021', password: 'Shoot#2026', name: 'Shoot Customer Zh' },
    en: { phone: '13800000022', password: 'Shoot#2026', name: 'Shoot Customer En' },
  },
  /** A merchant, for the service-provider purchase orders page (merchants only, spec 2.4). */
  serviceMerchant: { phone: '13800000023', password: 'Shoot#2026', name: 'Shoot Merchant' },
  /** Photographers the journeys sign for Shanghai (31), one per language, each with a processed work to deliver. */
  servicePhotographers: {
    zh: { phone: '13800000024', password: 'Shoot#2026', name: 'Shoot Photographer Zh' },
    en: { phone: '13800000025', password: 'Shoot#2026', name: 'Shoot Photographer En' },
  },
  /** The people journeys: one follows the other by invite code (zh); a homepage with a work and its visitor (en). */
  people: {
    zhFollower: { phone: '13800000031', password: 'People#2026', name: 'Follow Zh A' },
    zhFollowed: { phone: '13800000032', password: 'People#2026', name: 'Follow Zh B' },
    enOwner: { phone: '13800000033', password: 'People#2026', name: 'Home En Owner' },
    enVisitor: { phone: '13800000034', password: 'People#2026', name: 'Home En Visitor' },
  },
  /** The search journeys' photographers (e2e/search.spec.ts): each found by a two-character keyword with their works. */
  searchPhotographers: {
    zh: { phone: '13800000056', password: 'Search#2026', name: '澜庭影像' },
    en: { phone: '13800000057', password: 'Search#2026', name: '汀兰 Studio' },
  },
  /** The rental journeys (e2e/renting-house.spec.ts): an owner per language and a visitor. */
  rentals: {
    zhOwner: { phone: '13800000062', password: 'Rental#2026', name: 'Rental Owner Zh' },
    enOwner: { phone: '13800000063', password: 'Rental#2026', name: 'Rental Owner En' },
    visitor: { phone: '13800000064', password: 'Rental#2026', name: 'Rental Visitor' },
  },
  /** Binding Alipay by authorization (e2e/alipay-authorization.spec.ts): one person per language, and one who cancels. */
  alipayBinders: {
    zh: { phone: '13800000090', password: 'Alipay#2026' },
    en: { phone: '13800000091', password: 'Alipay#2026' },
    cancels: { phone: '13800000092', password: 'Alipay#2026' },
  },
  /** Photographers of the signing journeys (e2e/service-orders-admin.spec.ts): one applies through the form, one is approved. */
  signingApplicants: {
    form: { phone: '13800000029', password: 'Sign#2026', name: 'Sign Form Photographer' },
    approved: { phone: '13800000030', password: 'Sign#2026', name: 'Sign Approve Photographer' },
  },
  /** The articles journey's editors (admins), one per language (e2e/articles.spec.ts). */
  articleEditors: {
    zh: { phone: '13800000050', password: 'Article#2026', name: '内容编辑' },
    en: { phone: '13800000051', password: 'Article#2026', name: 'Content Editor' },
  },
  /** The brand pages journey (e2e/showcase.spec.ts): an owner with permission 42 and someone without it. */
  brandPages: {
    owner: { phone: '13800000065', password: 'Brand#2026', name: 'Brand Owner' },
    outsider: { phone: '13800000066', password: 'Brand#2026', name: 'Brand Outsider' },
  },
  /** The narrated-guide journeys (e2e/explain.spec.ts): owners with permission 962, and a customer without it. */
  guideOwner: {
    zh: { phone: '13800000068', password: 'Explain#2026', name: 'Guide Owner Zh' },
    en: { phone: '13800000069', password: 'Explain#2026', name: 'Guide Owner En' },
  },
  withoutGuides: { phone: '13800000070', password: 'Explain#2026', name: 'No Guide Customer' },
  /** The site pages journey's operator (e2e/site-pages.spec.ts): an admin who edits the public pages. */
  siteOperator: { phone: '13800000053', password: 'Site#2026', name: 'Site Operator' },
} as const;

export const TOKEN_COOKIE = 'spatia_token';

const artifacts = path.join(import.meta.dirname, '..', '.artifacts');
/**
 * `npm test` runs every journey with E2E_SCREENSHOTS=off: nobody looks at the pictures of a whole run, and
 * taking them was about a tenth of the journeys' time. A journey run on its own takes them.
 */
const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS !== 'off';

/**
 * Screenshots land in e2e/.artifacts/ (gitignored) for people to look at. They are taken once the page
 * has settled: the journeys ask for reduced motion, so antd draws no motion, and what other animations
 * run (a CSS transition of the app's own) are waited out; Playwright then stills whatever is left
 * (a spinner's endless turn) rather than catch it mid-frame.
 */
export async function snap(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  await animationsFinished(page);
  if (!TAKE_SCREENSHOTS) return;
  await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage, animations: 'disabled' });
}

/**
 * Waits until every finite animation and transition on the page has finished (endless ones, such as a
 * spinner's, never do and are left out), then for a frame to be drawn with their end state. A page that
 * keeps starting new ones is given at most `timeoutMs`.
 */
export async function animationsFinished(page: Page, timeoutMs = 2_000): Promise<void> {
  await page.evaluate(async (timeoutMs) => {
    const finite = () =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
    const deadline = performance.now() + timeoutMs;
    for (let running = finite(); running.length > 0 && performance.now() < deadline; running = finite()) {
      const left = deadline - performance.now();
      await Promise.race([
        Promise.allSettled(running.map((animation) => animation.finished)),
        new Promise((resolve) => setTimeout(resolve, left)),
      ]);
    }
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, timeoutMs);
}

export async function fillLogin(page: Page, user: { phone: string; password: string }): Promise<void> {
  await page.locator('#phoneNumber').fill(user.phone);
  await page.locator('#password').fill(user.password);
  await page.getByTestId('login-submit').click();
}

/**
 * Signs `user` in without the login form (POST /api/client/login, the token into the session cookie the web
 * app starts from) and opens the console. The form's own journeys (login-redirect, sms-login, qr-login,
 * register, password-reset) go through it; the rest only need a session, and the form cost each of them a
 * page load and a redirect through the dashboard.
 */
export async function signIn(page: Page, user: { phone: string; password: string } = users.customer): Promise<void> {
  await sessionFromApi(page.context(), user);
  await page.goto('/dashboard/dashboard');
  await expect(page.getByTestId('console-sidebar')).toBeVisible();
}

/**
 * Puts a session of `user` into the browser context: one POST /api/client/login through the context's own
 * request (which shares the context's cookies), its token and uid into the cookies the web app reads at start
 * (apps/web/src/stores/session-store.ts); the route guard then loads the user's roles and menus as after a reload.
 */
export async function sessionFromApi(context: BrowserContext, user: { phone: string; password: string }): Promise<void> {
  const login = await context.request.post('/api/client/login', { form: { phoneNumber: user.phone, password: user.password } });
  const body = (await login.json()) as { msg?: string; data?: { uid: string } };
  expect(login.ok(), `sign-in of ${user.phone}: ${body.msg}`).toBe(true);
  const token = login.headers()['x-auth-token'] ?? '';
  expect(token).not.toBe('');
  const url = new URL(login.url()).origin;
  await context.addCookies([
    { name: TOKEN_COOKIE, value: token, url },
    { name: 'spatia_uid', value: body.data?.uid ?? '', url },
  ]);
}

export async function cookieValue(page: Page, name: string): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === name)?.value;
}

/**
 * Opens a dropdown menu and chooses an item once the menu has finished sliding in: a click that lands
 * during antd's entry animation is lost on a busy machine. A menu chosen from just before may still be
 * sliding out; it is not the one opened now.
 */
export async function chooseFromMenu(page: Page, trigger: Locator, item: string | RegExp): Promise<void> {
  await expect(page.locator('.ant-dropdown.ant-slide-up-leave')).toHaveCount(0);
  await trigger.click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden):not(.ant-slide-up-leave)');
  await expect(menu).toBeVisible();
  await expect(menu).not.toHaveClass(/slide-up-(appear|enter)/);
  await menu.getByRole('menuitem', { name: item }).click();
}
