import { expect, test } from '@playwright/test';
import { signedInAs } from './support/accounts';
import { dataOf } from './support/api';
import { signInAt } from './support/back-office';
import { upload } from './support/processing';
import { chooseFromMenu, fillLogin, snap, users } from './support/session';
import { cardOf, gradientPng } from './support/works';
import { fitsThePhone } from './support/phone';

/*
 * Follows and personal homepages (issue 28, docs/web.md "People"). In Chinese: a person follows another by
 * their invite code with a remark name, sees them among their follows, and as a mutual follow once the other
 * follows back (through the API); they then remove that follower. In English: a homepage with one online work,
 * seen signed out (on a phone too), its work a click away; Follow asks the visitor to sign in and comes back.
 * Lean on purpose: the CI is near its time budget. The seeded accounts (scripts/e2e.mjs) start with no follows.
 */

test('following by invite code with a remark, a mutual follow after the follow-back, and removing a follower', async ({
  page,
  request,
  playwright,
}, info) => {
  const baseURL = info.project.use.baseURL;
  const { zhFollower: me, zhFollowed: them } = users.people;
  const other = await signedInAs(request, playwright.request, { ...them, baseURL });
  const { inviteCode } = await dataOf<{ inviteCode: string }>(await other.api.get('/api/c/profile'));
  const { uid: myUid } = await dataOf<{ uid: string }>(
    await request.post('/api/client/login', { form: { phoneNumber: me.phone, password: me.password } }),
  );

  // The header's user menu leads to one's own homepage; its lists are tabs.
  await signInAt(page, me, '/');
  await chooseFromMenu(page, page.getByTestId('user-menu'), '个人主页');
  await expect(page).toHaveURL('/person');
  await expect(page.getByTestId('person-name')).toHaveText(me.name);
  await page.getByRole('tab', { name: '关注', exact: true }).click();
  await expect(page).toHaveURL('/person?tab=follows');
  await expect(page.getByTestId('people-list-empty')).toContainText('你还没有关注任何人');

  // Follow by invite code, with a remark only I see.
  await page.getByTestId('people-follow-add').click();
  await page.getByTestId('people-follow-target').fill(inviteCode);
  await page.getByTestId('people-follow-remark').fill('大学同学');
  await snap(page, 'people-01-follow-dialog', { fullPage: false });
  await page.getByTestId('people-follow-submit').click();
  await expect(page.locator('.ant-message-notice')).toContainText('关注成功');
  const followed = page.getByTestId('people-row').filter({ hasText: them.name });
  await expect(followed.getByTestId('people-row-remark')).toHaveText('备注：大学同学');
  await expect(followed.getByTestId('people-row-mutual')).toHaveCount(0);
  await expect(page.getByTestId('person-follows-count')).toHaveText('1');
  // The search finds them by the remark.
  await page.getByTestId('people-list-search').locator('input').fill('同学');
  await page.getByTestId('people-list-search').locator('input').press('Enter');
  await expect(followed).toBeVisible();
  await snap(page, 'people-02-follows');

  // They follow back (through the API): now a mutual follow, and a fan.
  await dataOf(await other.api.post(`/api/c/follow/${myUid}`));
  await other.api.dispose();
  await page.reload();
  await page.getByRole('tab', { name: '互相关注' }).click();
  await expect(page.getByTestId('people-list-mutual').getByTestId('people-row')).toHaveText(new RegExp(them.name));
  await expect(page.getByTestId('person-fans-count')).toHaveText('1');
  await snap(page, 'people-03-mutual');

  // Handing a work over, the receiver field offers them (a mutual follow, found by my remark) and takes their number.
  const mine = await signedInAs(request, playwright.request, { ...me, baseURL });
  const work = await dataOf<{ uid: string }>(await mine.api.post('/api/model', { data: { name: '江景客厅', type: 'panorama' } }));
  await mine.api.dispose();
  await page.goto('/dashboard/dashboard');
  await chooseFromMenu(page, cardOf(page, work.uid).getByTestId('work-actions'), /分发/);
  const distribute = page.getByRole('dialog', { name: '分发作品' });
  await distribute.getByPlaceholder('11 位手机号').fill('同学');
  const option = page.getByTestId('person-picker-option').filter({ hasText: them.name });
  await expect(option).toContainText('大学同学');
  await expect(option).toContainText(`${them.phone.slice(0, 3)}****${them.phone.slice(-4)}`);
  await snap(page, 'people-03b-picker', { fullPage: false });
  await option.click();
  await expect(distribute.getByPlaceholder('11 位手机号')).toHaveValue(them.phone);
  await distribute.getByRole('button', { name: /取\s?消/ }).click();
  await page.goto('/person?tab=mutual');

  // Remove them from my fans, after a confirmation; I still follow them, no longer mutually.
  await page.getByTestId('person-fans-link').click();
  await expect(page).toHaveURL('/person?tab=fans');
  const fan = page.getByTestId('people-list-fans').getByTestId('people-row').filter({ hasText: them.name });
  await expect(fan.getByTestId('people-row-mutual')).toBeVisible();
  await fan.getByTestId('people-remove').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText(`将 ${them.name} 移出粉丝？`);
  await snap(page, 'people-04-remove-confirm', { fullPage: false });
  await page.getByTestId('people-remove-confirm').click();
  await expect(page.getByTestId('people-list-fans').getByTestId('people-list-empty')).toContainText('还没有人关注你');
  await expect(page.getByTestId('person-fans-count')).toHaveText('0');
  await page.getByRole('tab', { name: '关注', exact: true }).click();
  await expect(page.getByTestId('people-row').filter({ hasText: them.name }).getByTestId('people-row-mutual')).toHaveCount(0);

  // The console's overview counts the same and leads to the lists.
  await page.goto('/dashboard/dashboard');
  const following = page.locator('[data-stat="following"]');
  await expect(following).toContainText('1');
  await expect(page.locator('[data-stat="followers"]')).toContainText('0');
  await following.click();
  await expect(page).toHaveURL('/person?tab=follows');
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('a homepage seen signed out, its work a click away; following it asks to sign in first', async ({
    page,
    request,
    playwright,
  }, info) => {
    const baseURL = info.project.use.baseURL;
    const { enOwner, enVisitor } = users.people;
    const owner = await signedInAs(request, playwright.request, { ...enOwner, baseURL });
    // One online work (the market journey's way: a cover, an original, online).
    const name = `Harbour loft ${Date.now() % 100_000}`;
    const work = await dataOf<{ uid: string }>(
      await owner.api.post('/api/model', { data: { name, type: 'panorama', description: 'A loft by the water.' } }),
    );
    const png = gradientPng(64, 32, [30, 90, 160], [240, 200, 90]);
    await upload(owner.api, work.uid, 'uploadCredentials', 'cover.png', png);
    await upload(owner.api, work.uid, 'origin/uploadCredentials', 'origin.png', png);
    await dataOf(await owner.api.put(`/api/model/${work.uid}/onLined`, { form: { onLined: 'true' } }));
    await owner.api.dispose();

    // Signed out: header, hero, the work by type, a share link with its QR code.
    await page.goto(`/person?uid=${owner.uid}`);
    await expect(page.locator('.site-header')).toBeVisible();
    await expect(page.getByTestId('person-name')).toHaveText(enOwner.name);
    await expect(page.getByTestId('person-works-count')).toHaveText('1');
    await expect(page.getByTestId('person-tabs')).toHaveCount(0);
    const card = page.getByTestId('person-work-card').filter({ hasText: name });
    await expect(card).toContainText('Panorama');
    await page.getByTestId('person-works-types').getByText('Point clouds').click();
    await expect(page.getByTestId('person-works-empty')).toContainText('No public works of this type');
    await page.getByTestId('person-works-types').getByText('All').click();
    await snap(page, 'people-05-homepage-signed-out');
    await page.getByTestId('person-share').click();
    await expect(page.getByTestId('person-share-url')).toHaveValue(new RegExp(`/person\\?uid=${owner.uid}$`));
    await expect(page.getByTestId('person-share-qr')).toBeVisible();
    await snap(page, 'people-06-share', { fullPage: false });
    await page.keyboard.press('Escape');

    // On a phone nothing is wider than the screen; the public works page shows the same work.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/userWork/${owner.uid}`);
    await expect(card).toBeVisible();
    await fitsThePhone(page);
    await snap(page, 'people-07-user-work-phone');
    await page.setViewportSize({ width: 1366, height: 860 });
    await card.click();
    await expect(page).toHaveURL(`/details/${work.uid}`);

    // Follow asks a visitor to sign in, and comes back to the homepage, where the follow then counts.
    await page.goto(`/person?uid=${owner.uid}`);
    await page.getByTestId('person-follow').click();
    const prompt = page.locator('.ant-modal-confirm');
    await expect(prompt).toContainText('Sign in to follow this person');
    await prompt.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await fillLogin(page, enVisitor);
    await expect(page).toHaveURL(`/person?uid=${owner.uid}`);
    await page.getByTestId('person-follow').click();
    await expect(page.getByTestId('person-follow')).toHaveAttribute('data-state', 'following');
    await expect(page.getByTestId('person-fans-count')).toHaveText('1');
    await snap(page, 'people-08-followed');
  });
});
