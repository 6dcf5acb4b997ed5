import { expect, type Page } from '@playwright/test';
import { inBothLanguages, signedInPage } from './support/back-office';
import { snap, users } from './support/session';
import { gradientPng } from './support/works';
import { fitsThePhone } from './support/phone';

/*
 * Articles (issue 29, docs/articles.md), in Chinese and in English: an editor (an admin) writes a course in the
 * back office's editor, pastes an image into its body (a clipboard paste of an image file: uploaded, then
 * placed), publishes it; a signed-out visitor finds it on /guide and opens it, on a desktop and at 390 px.
 */

const TEXT = {
  zh: {
    guide: '课程指南',
    summary: '从器材到出片的第一课。',
    body: '把三脚架放稳，镜头节点对准旋转轴。',
    published: '已发布',
    related: '相关文章',
  },
  en: {
    guide: 'Course guide',
    summary: 'The first lesson, from the kit to the finished tour.',
    body: 'Level the tripod and put the lens on the rotation axis.',
    published: 'Published',
    related: 'Related articles',
  },
} as const;

/** Pastes an image file into the focused editor, as a browser's clipboard hands a copied picture over. */
async function pasteImage(page: Page, png: Buffer): Promise<void> {
  await page.getByTestId('article-editor').evaluate(
    (element, bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'pasted.png', { type: 'image/png' }));
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [...png],
  );
}

inBothLanguages(
  'an editor writes a course with a pasted image and publishes it; a visitor finds it on /guide',
  async ({ browser, page }, info, language) => {
    const text = TEXT[language];
    const title = `${language === 'zh' ? '全景拍摄入门' : 'Panorama basics'} ${Date.now() % 100_000}`;

    // The editor writes it.
    const editor = await signedInPage(browser, info, language, users.articleEditors[language], '/admin/articles');
    await expect(editor.getByTestId('article-new')).toBeVisible();
    await snap(editor, `articles-admin-list-${language}`);
    await editor.getByTestId('article-new').click();
    await expect(editor).toHaveURL(/\/admin\/articles\/edit\/new$/);
    await editor.getByTestId('article-title').fill(title);
    await editor.getByTestId('article-summary').fill(text.summary);
    const body = editor.getByTestId('article-editor');
    await body.click();
    await editor.keyboard.type(text.body);
    await editor.keyboard.press('Enter');
    await pasteImage(editor, gradientPng(480, 240, [40, 110, 170], [230, 190, 80]));
    await expect(body.locator('img[src^="/files/articles/images/"]')).toBeVisible();
    await editor.getByTestId('editor-heading2').click();
    await editor.keyboard.type(language === 'zh' ? '准备器材' : 'The kit');
    await snap(editor, `articles-editor-${language}`);
    await editor.getByTestId('article-publish').click();
    await expect(editor).toHaveURL(/\/admin\/articles\/edit\/\d+$/);
    await expect(editor.getByTestId('article-status')).toHaveText(text.published);
    const id = /\/edit\/(\d+)$/.exec(editor.url())![1];
    await editor.context().close();

    // A signed-out visitor finds it on /guide and opens it.
    await page.goto('/guide');
    await expect(page.getByRole('heading', { level: 1, name: text.guide })).toBeVisible();
    const card = page.getByTestId('article-card').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText(text.summary);
    await snap(page, `articles-guide-${language}`);
    await card.click();
    await expect(page).toHaveURL(`/articleDetails/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const content = page.getByTestId('article-content');
    await expect(content).toContainText(text.body);
    await expect(content.locator('img[src^="/files/articles/images/"]')).toBeVisible();
    await expect(content.locator('h2')).toHaveCount(1);
    await snap(page, `articles-detail-${language}`);

    // An unknown article is a finished not-found page.
    await page.goto('/articleDetails/99999999');
    await expect(page.getByTestId('article-not-found')).toBeVisible();

    // At 390 px.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/guide');
    await expect(page.getByTestId('article-card').filter({ hasText: title })).toBeVisible();
    await fitsThePhone(page);
    await snap(page, `articles-guide-390-${language}`);
    await page.goto(`/articleDetails/${id}`);
    await expect(page.getByTestId('article-content').locator('img')).toBeVisible();
    await fitsThePhone(page);
    await snap(page, `articles-detail-390-${language}`);
  },
);
