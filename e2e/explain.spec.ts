import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signedInAs } from './support/accounts';
import { dataOf } from './support/api';
import { inBothLanguages } from './support/back-office';
import { DEMO_PANORAMAS, processOrigins } from './support/processing';
import { sessionFromApi, snap, users } from './support/session';

/*
 * Narrated guides (docs/narrations.md), once per language: an owner with permission 962 finds no guide on
 * /explain/list, makes one for a processed two-scene tour of theirs, writes the first scene's text and
 * uploads a clip for it (a WebM that Chromium's MediaRecorder made), and publishes. A signed-out visitor on
 * a 390 px phone then opens /details/{id}: the narration bar shows the text, and pressing play plays the
 * clip (its time advances). Someone without 962 gets neither the menu entry nor the pages.
 */

const CLIP = path.join(import.meta.dirname, 'fixtures', 'narration.webm');
const PHONE = { width: 390, height: 844 };

const WORDS = {
  zh: {
    title: '讲解',
    empty: '还没有讲解',
    create: '新建讲解',
    published: '已发布',
    narrated: '已讲解 1 / 2 个场景',
    text: '欢迎来到客厅：南向落地窗，全天采光。',
    guide: '客厅导览',
  },
  en: {
    title: 'Narrated guides',
    empty: 'No guides yet',
    create: 'New guide',
    published: 'Published',
    narrated: 'Narrated: 1 / 2',
    text: 'Welcome to the living room: floor-to-ceiling windows facing south.',
    guide: 'Living room walk',
  },
} as const;

inBothLanguages(
  'an owner narrates a tour and a visitor hears it on the work page',
  async ({ page, browser, request, playwright }, info, language) => {
    const words = WORDS[language];
    const baseURL = info.project.use.baseURL;
    const owner = await signedInAs(request, playwright.request, { ...users.guideOwner[language], baseURL });
    const tourName = `讲解漫游 ${language} ${Date.now() % 100_000}`;
    const { uid } = await dataOf<{ uid: string }>(
      await owner.api.post('/api/model', { data: { name: tourName, type: 'panorama', description: '' } }),
    );
    await processOrigins(owner.api, uid, [
      { name: '客厅.jpg', bytes: readFileSync(path.join(DEMO_PANORAMAS, 'living-room.jpg')) },
      { name: '阳台.jpg', bytes: readFileSync(path.join(DEMO_PANORAMAS, 'balcony.jpg')) },
    ]);
    await dataOf(await owner.api.put(`/api/model/${uid}/onLined`, { form: { onLined: 'true' } }));

    // The owner's list: empty at first (English at phone width, Chinese on a desktop).
    if (language === 'en') await page.setViewportSize(PHONE);
    await sessionFromApi(page.context(), users.guideOwner[language]);
    await page.goto('/explain/list');
    await expect(page.locator('h1')).toHaveText(words.title);
    const existing = page.getByTestId('narration-card').filter({ hasText: tourName });
    await expect(existing).toHaveCount(0);
    if ((await page.getByTestId('narration-list').count()) === 0) await expect(page.getByText(words.empty)).toBeVisible();
    await snap(page, `explain-${language}-01-list-empty`);

    // A new guide for the tour, picked by searching its name.
    await page.getByTestId('narration-create').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('narration-tour').click();
    await page.keyboard.type(tourName.slice(0, 8));
    await page.locator('.ant-select-item-option').filter({ hasText: tourName }).click();
    await dialog.getByTestId('narration-title').fill(words.guide);
    await snap(page, `explain-${language}-02-create`, { fullPage: false });
    // antd spaces a two-character Chinese label (创 建): the dialog's primary button, whatever it reads.
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(page).toHaveURL(/\/explain\/detail\?id=\d+$/);
    const scenes = page.getByTestId('narration-scene');
    await expect(scenes).toHaveCount(2);

    // The first scene: text and an uploaded clip.
    const first = scenes.first();
    await first.getByTestId('narration-scene-text').fill(words.text);
    await first.getByTestId('narration-save-text').click();
    await expect(first.getByTestId('narration-save-text')).toBeDisabled();
    await first.locator('input[type=file]').setInputFiles(CLIP);
    await expect(first.getByTestId('narration-scene-audio')).toBeVisible();
    await expect(first).toContainText('0:02');
    await expect(page.getByText(words.narrated)).toBeVisible();
    await page.getByTestId('narration-publish').click();
    await expect(page.getByTestId('narration-state')).toHaveText(words.published);
    await snap(page, `explain-${language}-03-detail-published`);

    await page.goto('/explain/list');
    const card = page.getByTestId('narration-card').filter({ hasText: tourName });
    await expect(card).toContainText(words.narrated);
    await expect(card).toContainText(words.published);
    await snap(page, `explain-${language}-04-list`);

    // A signed-out visitor on a phone hears it on the work page.
    const visitor = await browser.newContext({
      locale: language === 'zh' ? 'zh-CN' : 'en-US',
      baseURL,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
    });
    const visit = await visitor.newPage();
    await visit.goto(`/details/${uid}`);
    const player = visit.getByTestId('narration-player');
    await expect(player).toBeVisible({ timeout: 40_000 });
    await expect(player.getByTestId('narration-text')).toHaveText(words.text);
    await snap(visit, `explain-${language}-05-visitor`, { fullPage: false });
    await player.getByTestId('narration-play').click();
    const audio = player.getByTestId('narration-audio');
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => (element.paused ? -1 : element.currentTime)), { timeout: 20_000 })
      .toBeGreaterThan(0.3);
    await snap(visit, `explain-${language}-06-visitor-playing`, { fullPage: false });
    await visitor.close();
  },
);

test('someone without permission 962 gets neither the menu entry nor the pages', async ({ page }) => {
  await sessionFromApi(page.context(), users.withoutGuides);
  await page.goto('/explain/list');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/explain/detail?id=1');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation').getByText('讲解', { exact: true })).toHaveCount(0);
});
