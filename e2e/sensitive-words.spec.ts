import { expect, test, type Browser, type Page } from '@playwright/test';
import { createAccount, uniquePhone } from './support/accounts';
import { sessionFromApi, signIn, snap, users } from './support/session';
import { authHeaders, sessionToken } from './support/works';
import { recordToasts, toastsSeen } from './support/toasts';

/*
 * The back office's sensitive words, and what a user sees of them: the admin adds a word, a user who
 * names a new work with it is warned while typing (and the server refuses it); the admin removes it and
 * the name is accepted again; then a small file is imported and its counts shown.
 */

const PASSWORD = 'Words2026pass';

const texts = {
  zh: {
    locale: 'zh-CN',
    word: '违禁词',
    createTitle: '新建作品',
    addedToast: /已添加 1 个词/,
    skippedToast: /已在列表中.*CASINO/,
    removedToast: /已删除 1 个词/,
    emptySearch: /没有包含/,
  },
  en: {
    locale: 'en-US',
    word: 'Scamword',
    createTitle: 'Create work',
    addedToast: /1 word added/,
    skippedToast: /Already listed.*CASINO/,
    removedToast: /1 word removed/,
    emptySearch: /No word contains/,
  },
} as const;

async function openSignedIn(browser: Browser, locale: string, user: { phone: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  if (user.phone === users.admin.phone) await signIn(page, user);
  else {
    await sessionFromApi(page.context(), user);
    await page.goto('/dashboard/dashboard');
  }
  return page;
}

function wordRow(page: Page, word: string) {
  return page.locator(`[data-testid="sensitive-word-row"][data-word="${word}"]`);
}

/** POST /api/model as the page's user: the server's own check of the name. */
async function createWorkStatus(page: Page, name: string): Promise<number> {
  const response = await page.request.post('/api/model', {
    headers: authHeaders(await sessionToken(page)),
    data: { name, type: 'panorama', description: '' },
  });
  return response.status();
}

for (const language of ['zh', 'en'] as const) {
  const text = texts[language];

  test(`admin adds a word, a user is warned, the admin removes it, then imports a file (${language})`, async ({ browser }) => {
    // Two browsers and four page loads: on a loaded 2-core machine it has taken a whole minute.
    test.setTimeout(120_000);
    const suffix = String(Date.now() % 100_000).padStart(5, '0');
    const word = `${text.word}${suffix}`;

    // The admin adds the word (and one already listed) through the text area.
    const admin = await openSignedIn(browser, text.locale, users.admin);
    await admin.goto('/admin/sensitiveWords');
    await expect(admin.getByTestId('sensitive-word-row').first()).toBeVisible();
    await admin.getByTestId('sensitive-words-add').click();
    await admin.getByTestId('add-words-text').fill(`${word}\n  CASINO  \n${word}`);
    await expect(admin.getByTestId('add-words-summary')).toContainText(language === 'zh' ? '将添加 2 个词' : '2 words to add');
    await snap(admin, `sensitive-words-add-${language}`, { fullPage: false });
    await recordToasts(admin);
    await admin.getByTestId('add-words-submit').click();
    await expect.poll(() => toastsSeen(admin)).toEqual([expect.stringMatching(text.addedToast), expect.stringMatching(text.skippedToast)]);
    // Newest first: the word is on the first page (the other language's journey may add its own beside it).
    await expect(wordRow(admin, word)).toBeVisible();
    await snap(admin, `sensitive-words-list-${language}`, { fullPage: false });

    // A user naming a new work with it (disguised) is warned while typing; the server refuses it too.
    const phone = uniquePhone(8);
    await createAccount(admin.request, phone, PASSWORD);
    const user = await openSignedIn(browser, text.locale, { phone, password: PASSWORD });
    await user.getByTestId('works-empty-create').click();
    const dialog = user.getByRole('dialog', { name: text.createTitle });
    const disguised = `${word.slice(0, 2)} ${word.slice(2)}`;
    await dialog.getByTestId('create-work-name').fill(disguised);
    await expect(dialog.locator('.ant-form-item-explain-error')).toContainText(word);
    await snap(user, `sensitive-words-warning-${language}`, { fullPage: false });
    expect(await createWorkStatus(user, disguised)).toBe(400);

    // The admin finds the word and removes it (confirmed); the search then finds nothing.
    await admin.getByTestId('sensitive-words-search').locator('input').fill(word);
    await admin.getByTestId('sensitive-words-search').locator('input').press('Enter');
    await expect(admin.getByTestId('sensitive-word-row')).toHaveCount(1);
    await admin.getByTestId('sensitive-word-remove').click();
    await snap(admin, `sensitive-words-remove-confirm-${language}`, { fullPage: false });
    await admin.getByTestId('sensitive-word-remove-confirm').click();
    await expect(admin.getByText(text.removedToast)).toBeVisible();
    await expect(admin.getByTestId('sensitive-words-empty')).toContainText(text.emptySearch);

    // The same name is accepted at once: by the server, and by the form once it fetches the list again.
    await user.reload();
    await user.getByTestId('works-empty-create').click();
    await dialog.getByTestId('create-work-name').fill(disguised);
    await dialog.getByTestId('create-work-name').blur();
    await expect(dialog.locator('.ant-form-item-explain-error')).toHaveCount(0);
    expect(await createWorkStatus(user, disguised)).toBe(200);
    await user.context().close();

    // A small CSV: one new word, one listed, one repeated (in a disguise), one too long, one only punctuation.
    const imported = `Import${suffix}${language}`;
    const file = [imported, 'casino', imported.toUpperCase(), 'y'.repeat(51), '***'].join('\r\n');
    await admin.getByTestId('sensitive-words-search').locator('input').fill('');
    await admin.getByTestId('sensitive-words-search').locator('input').press('Enter');
    await admin.getByTestId('sensitive-words-import').click();
    await admin
      .getByTestId('import-words-drop')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'words.csv',
        mimeType: 'text/csv',
        buffer: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(file)]),
      });
    const result = admin.getByTestId('import-words-result');
    await expect(result).toBeVisible();
    await expect(admin.getByTestId('import-words-added')).toContainText('1');
    await expect(admin.getByTestId('import-words-skipped')).toContainText('2');
    await expect(admin.getByTestId('import-words-invalid')).toContainText('2');
    await expect(admin.getByTestId('import-words-invalid-line')).toHaveCount(2);
    await expect(admin.getByTestId('import-words-invalid-line').first()).toContainText(language === 'zh' ? '第 4 行' : 'Line 4');
    await snap(admin, `sensitive-words-import-${language}`, { fullPage: false });
    await admin.getByTestId('import-words-close').click();
    await expect(wordRow(admin, imported)).toBeVisible();
    await admin.context().close();
  });
}
