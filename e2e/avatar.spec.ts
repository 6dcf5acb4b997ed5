import { expect, test } from '@playwright/test';
import { createAccount, uniquePhone } from './support/accounts';
import { snap, sessionFromApi } from './support/session';

test('change the avatar: pick, crop, save; the top bar shows the new picture', async ({ page }) => {
  const phone = uniquePhone(4);
  const password = 'Avatar2026';
  await createAccount(page.request, phone, password);
  await sessionFromApi(page.context(), { phone, password });
  await page.goto('/userInformation/index');
  await expect(page.getByTestId('profile-name')).toBeVisible();
  await snap(page, 'profile-zh-desktop');

  // A generated 900x600 PNG with a recognisable pattern.
  const png = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 600;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 900, 600);
    gradient.addColorStop(0, '#4f7cff');
    gradient.addColorStop(1, '#14b8a6');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 900, 600);
    context.fillStyle = '#fff';
    context.beginPath();
    context.arc(450, 300, 160, 0, Math.PI * 2);
    context.fill();
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((value) => resolve(value!), 'image/png'));
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(png) });

  const stage = page.getByTestId('crop-stage');
  await expect(stage).toBeVisible();
  // Keyboard: zoom in and move.
  await stage.focus();
  await page.keyboard.press('+');
  await page.keyboard.press('ArrowLeft');
  await snap(page, 'avatar-crop-zh-desktop', { fullPage: false });

  const put = page.waitForResponse((response) => response.request().method() === 'PUT');
  await page.getByTestId('crop-confirm').click();
  const answer = await put;
  expect(answer.ok()).toBe(true);
  expect(answer.request().headers()['content-type']).toMatch(/^image\/(png|jpeg|webp)$/);
  const { data } = (await answer.json()) as { data: { url: string } };

  await expect(stage).toBeHidden();
  const topBarAvatar = page.getByTestId('user-menu').locator('img');
  await expect(topBarAvatar).toHaveAttribute('src', new RegExp(`^${data.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[?&]t=\\d+`));
  // The picture itself loads.
  await expect.poll(() => topBarAvatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  await snap(page, 'profile-avatar-changed-zh-desktop');
});
