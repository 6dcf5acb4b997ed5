import { expect, test, type Page } from '@playwright/test';
import { createAccount, uniquePhone } from './support/accounts';
import { chooseFromMenu, sessionFromApi, snap } from './support/session';
import { WorksApi } from './support/works';

/*
 * The map and the globe (issue 29, docs/map.md), once per language: an owner places a published work with
 * the edit drawer's map picker; a signed-out visitor finds it on /map by clicking the clusters that hold
 * it, opens its card and lands on its page; on /earthvr the globe flies to it and its panorama opens.
 * Each language places its work far from the other's.
 */

const PLACES = {
  zh: { latitude: 33.4567, longitude: 88.7654, enter: '进入全景' },
  en: { latitude: -25.3456, longitude: 133.8765, enter: 'Enter the panorama' },
} as const;

/** Where the map draws a longitude and latitude, from its centre and zoom (Web Mercator, 512-pixel tiles). */
function project(center: [number, number], zoom: number, size: { width: number; height: number }, longitude: number, latitude: number) {
  const scale = (512 * 2 ** zoom) / (2 * Math.PI);
  const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
  return {
    x: size.width / 2 + ((longitude - center[0]) * Math.PI * scale) / 180,
    y: size.height / 2 - (mercatorY(latitude) - mercatorY(center[1])) * scale,
  };
}

/** Clicks the cluster nearest the place until the work's own point shows, then clicks that. */
async function clickThroughClusters(page: Page, uid: string, place: { latitude: number; longitude: number }) {
  const map = page.getByTestId('works-map');
  const point = page.locator(`[data-testid="map-point"][data-id="${uid}"]`);
  for (let step = 0; step < 12 && !(await point.isVisible()); step += 1) {
    const center = (await map.getAttribute('data-center'))!.split(',').map(Number) as [number, number];
    const zoom = Number(await map.getAttribute('data-zoom'));
    const box = (await map.boundingBox())!;
    const target = project(center, zoom, box, place.longitude, place.latitude);
    const clusters = await page.getByTestId('map-cluster').evaluateAll((elements) =>
      elements.map((element) => {
        const rect = element.getBoundingClientRect();
        return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
      }),
    );
    expect(clusters.length, 'a cluster holds the work').toBeGreaterThan(0);
    const distance = (at: { x: number; y: number }) => Math.hypot(at.x - box.x - target.x, at.y - box.y - target.y);
    const nearest = clusters.reduce((best, at, index) => (distance(at) < distance(clusters[best]!) ? index : best), 0);
    await page.getByTestId('map-cluster').nth(nearest).click();
    await expect(map).not.toHaveAttribute('data-zoom', zoom.toFixed(2));
    await page.waitForTimeout(400);
  }
  await point.click();
}

for (const language of ['zh', 'en'] as const) {
  test(`a work placed on the map is found through its cluster and opens; the globe flies to it (${language})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const place = PLACES[language];
    const locale = language === 'zh' ? 'zh-CN' : 'en-US';

    // The owner places a published work with the picker's fields and saves.
    const ownerContext = await browser.newContext({ locale });
    const owner = await ownerContext.newPage();
    const phone = uniquePhone(6);
    await createAccount(owner.request, phone, 'Map2026pass');
    await sessionFromApi(ownerContext, { phone, password: 'Map2026pass' });
    await owner.goto('/dashboard/dashboard');
    const api = await WorksApi.of(owner);
    const work = await api.createPublishedWork(`${language === 'zh' ? '高原' : 'Outback'} ${Date.now() % 100_000}`);
    await owner.reload();
    await chooseFromMenu(
      owner,
      owner.locator(`[data-testid="work-card"][data-uid="${work.uid}"]`).getByTestId('work-actions'),
      /(Edit details|编辑信息)$/,
    );
    const picker = owner.getByTestId('map-picker');
    await expect(picker).toHaveAttribute('data-mode', /bundled|unavailable/, { timeout: 20_000 });
    await owner.getByTestId('map-latitude').fill(String(place.latitude));
    await owner.getByTestId('map-longitude').fill(String(place.longitude));
    await owner.getByTestId('map-readout').click();
    await expect(owner.getByTestId('map-marker')).toBeVisible();
    await snap(owner, `map-${language}-01-picker`, { fullPage: false });
    const saved = owner.waitForResponse((response) => response.url().endsWith(`/api/model/${work.uid}/attr`));
    await owner.getByTestId('work-edit-save').click();
    expect((await saved).ok()).toBe(true);
    expect((await api.getWork(work.uid)).latitude).toBeCloseTo(place.latitude, 4);
    await ownerContext.close();

    // A signed-out visitor at 390 px: clusters down to the work, its card, its page.
    const visitorContext = await browser.newContext({ locale, viewport: { width: 390, height: 844 } });
    const page = await visitorContext.newPage();
    await page.goto('/map');
    const map = page.getByTestId('works-map');
    await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    await expect(map).toHaveAttribute('data-base-map', 'bundled');
    await expect(page.getByTestId('map-cluster').or(page.getByTestId('map-point')).first()).toBeVisible();
    await snap(page, `map-${language}-02-clusters-390`, { fullPage: false });
    await clickThroughClusters(page, work.uid, place);
    const card = page.getByTestId('map-work-card');
    await expect(card).toContainText(work.name);
    await snap(page, `map-${language}-03-card-390`, { fullPage: false });
    await card.getByTestId('map-work-open').click();
    await expect(page).toHaveURL(new RegExp(`/details/${work.uid}$`));

    // The globe flies to the work and opens its panorama.
    await page.goto('/earthvr');
    const globe = page.getByTestId('works-map');
    await expect(globe).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    await snap(page, `map-${language}-04-globe-390`, { fullPage: false });
    await page.locator(`[data-testid="globe-work"][data-id="${work.uid}"]`).click();
    await expect(page).toHaveURL(new RegExp(`[?&]work=${work.uid}`));
    await expect
      .poll(
        async () => {
          const [longitude, latitude] = ((await globe.getAttribute('data-center')) ?? '0,0').split(',').map(Number);
          return Math.hypot(longitude! - place.longitude, latitude! - place.latitude);
        },
        { timeout: 20_000 },
      )
      .toBeLessThan(0.01);
    await snap(page, `map-${language}-05-globe-flown-390`, { fullPage: false });
    await page.getByTestId('globe-enter').click();
    await expect(page).toHaveURL(new RegExp(`/details/${work.uid}$`));
    await visitorContext.close();
  });
}
