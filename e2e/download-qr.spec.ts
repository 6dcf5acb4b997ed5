import { expect, test } from '@playwright/test';
import { signIn, snap } from './support/session';

test('the client download dialog shows a 200x200 QR code', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('nav-download').click();
  const qr = page.getByTestId('app-download-qr');
  await expect(qr).toBeVisible();
  // Layout size, and the drawn size once the dialog's zoom-in animation has finished.
  expect(await qr.evaluate((canvas) => [canvas.clientWidth, canvas.clientHeight])).toEqual([200, 200]);
  // On screen, once the dialog's zoom-in animation has finished: both sides together.
  await expect
    .poll(async () => {
      const box = await qr.boundingBox();
      return box && [Math.round(box.width), Math.round(box.height)];
    })
    .toEqual([200, 200]);
  await snap(page, 'download-dialog-zh', { fullPage: false });
});

test('the console link opens the same dialog', async ({ page }) => {
  await signIn(page);
  await page.getByTestId('download-app').click();
  const qr = page.getByTestId('app-download-qr');
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((canvas) => [canvas.clientWidth, canvas.clientHeight])).toEqual([200, 200]);
});
