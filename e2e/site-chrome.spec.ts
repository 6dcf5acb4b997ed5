import { expect, test } from '@playwright/test';
import type { Envelope, SiteConfig } from '@spatia/contract';
import { snap } from './support/session';

test('header and footer show on the home page, with the footer texts from the site config', async ({ page, request }) => {
  const config = ((await (await request.get('/api/open/siteConfig')).json()) as Envelope<SiteConfig>).data!;
  await page.goto('/');
  const header = page.locator('header.site-header');
  const footer = page.locator('footer.site-footer');
  await expect(header).toBeVisible();
  await expect(footer).toBeVisible();
  await expect(footer).toContainText(config.companyName.zh);
  await expect(footer).toContainText(config.servicePhone);
  await expect(footer).toContainText(config.serviceHours);
  for (const certificate of config.certificateNumbers) await expect(footer).toContainText(certificate);
  for (const link of config.registrationLinks) {
    await expect(footer.locator(`a[href="${link.url}"]`)).toHaveText(link.label.zh);
  }
  const privacy = footer.getByRole('link', { name: '隐私政策' });
  await expect(privacy).toHaveAttribute('target', '_blank');
  await expect(privacy).toHaveAttribute('rel', /noopener/);
  const [popup] = await Promise.all([page.waitForEvent('popup'), privacy.click()]);
  await expect(popup).toHaveURL(/\/privacyProtocol$/);
  await expect(popup.locator('header.site-header')).toHaveCount(0);
  await popup.close();
  await footer.scrollIntoViewIfNeeded();
  await snap(page, 'footer-zh');
});

test('no header or footer on the login, protocol, 404 and console pages', async ({ page }) => {
  for (const path of ['/login', '/privacyProtocol', '/userProtocol', '/market']) {
    await page.goto(path);
    await expect(page.locator('h1, [data-testid="not-found"]').first()).toBeVisible();
    await expect(page.locator('header.site-header')).toHaveCount(0);
    await expect(page.locator('footer.site-footer')).toHaveCount(0);
  }
});
