// @vitest-environment happy-dom
/**
 * Names, labels, titles and texts people type are text wherever the tour viewer shows them. This runs
 * the real viewer (Photo Sphere Viewer and its plugins, which write captions, gallery titles, markers,
 * tooltips and panels with innerHTML) in happy-dom; only WebGL and image decoding are stood in for.
 */
import { MarkersPlugin } from '@photo-sphere-viewer/markers-plugin';
import { OFFLINE_TOUR_GLOBAL, type InfoHotspot, type LinkHotspot, type Tour, type TourScene } from '@spatia/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as PackagedFiles from '../../standalone/packaged-files';
import { loadCorsImage } from './scene-images';
import { DESKTOP, installViewerPage } from './headless-viewer.test-support';
import { createTourViewer, type TourViewerHandle } from './tour-viewer';

vi.mock('three', async (importOriginal) => (await import('./headless-viewer.test-support')).headlessThree(importOriginal));

/** A 1×1 PNG: every face and tile "loads" as this. */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

// The offline page's images come from scripts, which happy-dom does not run (packaged-files.test.ts covers them).
vi.mock('../../standalone/packaged-files', async (importOriginal) => ({
  ...(await importOriginal<typeof PackagedFiles>()),
  loadImageFromScript: () => loadCorsImage(`data:image/png;base64,${PIXEL}`),
}));

installViewerPage();

beforeAll(() => {
  vi.stubGlobal('fetch', async () => new Response(Buffer.from(PIXEL, 'base64'), { headers: { 'content-type': 'image/png' } }));
  vi.spyOn(URL, 'createObjectURL').mockReturnValue(`data:image/png;base64,${PIXEL}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});

/** What an attacker would name things: an element, an attribute break-out, and entities that must stay as typed. */
const NAMES = {
  lobby: '<img src=x onerror=alert(1)>',
  garden: '"><svg onload=alert(2)>',
  tour: '<script>alert(3)</script>',
  label: "'><iframe src=javascript:alert(4)>",
  title: '<b onclick=alert(5)>Desk</b>',
  text: 'Tom &amp; Jerry <style>*{display:none}</style>\n<a href=javascript:alert(6)>here</a>',
};

function scene(id: string, name: string, hotspots: TourScene['hotspots']): TourScene {
  return {
    id,
    name,
    baseUrl: `scenes/${id}/`,
    initialView: { yaw: 0, pitch: 0 },
    fov: 75,
    panorama: { sourceWidth: 4096, sourceHeight: 2048, tileSize: 512, levels: [{ faceSize: 512, nbTiles: 1 }] },
    hotspots,
  };
}

const toGarden: LinkHotspot = { kind: 'link', id: 'h1', yaw: 10, pitch: -10, targetSceneId: 'a2', arrowYaw: 10, label: '' };
const labelled: LinkHotspot = { ...toGarden, id: 'h2', yaw: 40, label: NAMES.label };
const note: InfoHotspot = { kind: 'info', id: 'h3', yaw: -20, pitch: 0, title: NAMES.title, text: NAMES.text, imageUrl: '', linkUrl: '' };
const backToLobby: LinkHotspot = { kind: 'link', id: 'h4', yaw: 0, pitch: -10, targetSceneId: 'a1', arrowYaw: 0, label: '' };

const tour: Tour = {
  workUid: 'W1',
  name: NAMES.tour,
  scenes: [scene('a1', NAMES.lobby, [toGarden, labelled, note]), scene('a2', NAMES.garden, [backToLobby])],
  autorotateDelay: 0,
  gallery: true,
  musicUrl: null,
  musicAssetId: null,
  revision: 1,
};

/** Nothing anyone typed became an element or an attribute. */
function expectNoInjectedMarkup(root: ParentNode) {
  expect(root.querySelectorAll('script, style, iframe, b, a, img[src="x"], svg[onload]')).toHaveLength(0);
  expect(
    [...root.querySelectorAll('*')].filter((element) => [...element.attributes].some((attribute) => attribute.name.startsWith('on'))),
  ).toEqual([]);
}

const until = async (check: () => boolean) => {
  for (let tries = 0; tries < 200 && !check(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

describe('text people typed, in the tour viewer', () => {
  let handle: TourViewerHandle | undefined;
  afterEach(() => {
    handle?.destroy();
    document.body.replaceChildren();
  });

  async function open(mode: 'view' | 'edit' = 'view') {
    const container = document.createElement('div');
    document.body.append(container);
    handle = createTourViewer(container, tour, { language: 'en', deviceProfile: DESKTOP, mode });
    await until(() => container.querySelector('.spv-hotspot') !== null);
    return container;
  }

  it('shows scene names as text in the caption, the gallery strip and link hotspots', async () => {
    const container = await open();
    expect(container.querySelector('.psv-caption-content')!.textContent).toBe(NAMES.lobby);
    expect([...container.querySelectorAll('.psv-gallery-item-title')].map((title) => title.textContent)).toEqual([
      NAMES.lobby,
      NAMES.garden,
    ]);
    expect([...container.querySelectorAll('.psv-gallery-item')].map((item) => (item as HTMLElement).dataset['psvGalleryItem'])).toEqual([
      'a1',
      'a2',
    ]);
    const buttons = [...container.querySelectorAll<HTMLElement>('.spv-hotspot')];
    expect(buttons.map((button) => [button.dataset['hotspotId'], button.getAttribute('aria-label')])).toEqual([
      ['h1', `Go to ${NAMES.garden}`],
      ['h2', NAMES.label],
      ['h3', NAMES.title],
    ]);
    expect(container.querySelector('.psv-container')!.getAttribute('aria-label')).toBe(NAMES.tour);
    expectNoInjectedMarkup(document);
  });

  it('shows labels as text in tooltips', async () => {
    const container = await open();
    const markers = handle!.viewer.getPlugin<MarkersPlugin>(MarkersPlugin);
    for (const id of ['h1', 'h2', 'h3']) markers.showMarkerTooltip(id);
    await until(() => container.querySelectorAll('.psv-tooltip-content').length === 3);
    const tooltips = [...container.querySelectorAll('.psv-tooltip-content')].map((content) => content.textContent);
    expectNoInjectedMarkup(document);
    expect(tooltips).toEqual([`Go to ${NAMES.garden}`, NAMES.label, NAMES.title]);
  });

  it("shows an info hotspot's title and text as text in its panel", async () => {
    const container = await open();
    container
      .querySelector<HTMLElement>('[data-hotspot-id="h3"]')!
      .dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await until(() => container.querySelector('.spv-info') !== null);
    expect(container.querySelector('.spv-info__title')!.textContent).toBe(NAMES.title);
    expect(container.querySelector('.spv-info')!.getAttribute('aria-label')).toBe(NAMES.title);
    expect([...container.querySelectorAll('.spv-info__text')].map((paragraph) => paragraph.textContent)).toEqual([
      NAMES.text.replace('\n', ''),
    ]);
    expect(container.querySelectorAll('.spv-info__text br')).toHaveLength(1);
    expectNoInjectedMarkup(document);
  });

  it('keeps the next scene name as text after a switch, and in edit mode', async () => {
    const container = await open();
    await handle!.goToScene('a2', { transition: false });
    expect(container.querySelector('.psv-caption-content')!.textContent).toBe(NAMES.garden);
    await until(() => container.querySelector('[data-hotspot-id="h4"]') !== null);
    expect(container.querySelector('[data-hotspot-id="h4"]')!.getAttribute('aria-label')).toBe(`Go to ${NAMES.lobby}`);
    expectNoInjectedMarkup(document);

    handle!.destroy();
    handle = undefined;
    document.body.replaceChildren();
    const editor = await open('edit');
    expect(editor.querySelector('.psv-caption-content')!.textContent).toBe(NAMES.lobby);
    handle!.editing.upsertHotspot({ ...note, id: 'h5', title: NAMES.garden });
    await until(() => editor.querySelector('[data-hotspot-id="h5"]') !== null);
    expect(editor.querySelector('[data-hotspot-id="h5"]')!.getAttribute('aria-label')).toBe(NAMES.garden);
    expectNoInjectedMarkup(document);
  });

  it('the offline page (standalone/) shows them as text too, and its title is the tour name as text', async () => {
    const page = document.createElement('main');
    page.id = 'tour';
    document.body.append(page);
    // What the package's tour.js does before the page's script runs.
    Object.assign(window, { [OFFLINE_TOUR_GLOBAL]: tour });
    await import('../../standalone/main');
    await until(() => page.querySelector('.spv-hotspot') !== null);
    expect(document.title).toBe(NAMES.tour);
    expect(page.querySelector('.psv-caption-content')!.textContent).toBe(NAMES.lobby);
    expect([...page.querySelectorAll('.psv-gallery-item-title')].map((title) => title.textContent)).toEqual([NAMES.lobby, NAMES.garden]);
    expectNoInjectedMarkup(document);
  });
});
