// @vitest-environment happy-dom
/**
 * `data-drawn` on the tour viewer's container, with the real viewer (Photo Sphere Viewer and its tiles
 * adapter) in happy-dom: only WebGL is stood in for, and every base face and tile waits for the test to
 * let it arrive.
 */
import type { Viewer } from '@photo-sphere-viewer/core';
import type { Tour, TourScene } from '@spatia/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCorsImage } from './scene-images';
import { DESKTOP, installViewerPage } from './headless-viewer.test-support';
import { createTourViewer, type TourViewerHandle } from './tour-viewer';

vi.mock('three', async (importOriginal) => (await import('./headless-viewer.test-support')).headlessThree(importOriginal));

/** A 1×1 PNG: every face and tile is this. */
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let width = 1280;
// Besides, the viewer logs the scene that fails on purpose.
installViewerPage({ width: () => width, expectedErrors: /could not load scenes\// });

function scene(id: string): TourScene {
  return {
    id,
    name: id,
    baseUrl: `scenes/${id}/`,
    initialView: { yaw: 0, pitch: 0 },
    fov: 75,
    // One tile level above the base faces, so that tiles are asked for once the faces are in.
    panorama: { sourceWidth: 4096, sourceHeight: 2048, tileSize: 512, levels: [{ faceSize: 1024, nbTiles: 2 }] },
    hotspots: [],
  };
}

const tour: Tour = {
  workUid: 'W1',
  name: 'Drawn',
  scenes: [scene('a1'), scene('a2')],
  autorotateDelay: 0,
  gallery: false,
  musicUrl: null,
  musicAssetId: null,
  revision: 1,
};

/** Image loads the test lets through one by one, in the order they were asked for. */
class GatedImages {
  private readonly waiting: { url: string; settle: (arrives: boolean) => void }[] = [];
  readonly asked: string[] = [];

  readonly load = (url: string): Promise<HTMLImageElement> => {
    this.asked.push(url);
    return new Promise<boolean>((settle) => this.waiting.push({ url, settle })).then((arrives) =>
      arrives ? loadCorsImage(PIXEL) : Promise.reject(new Error(`could not load ${url}`)),
    );
  };

  /** Lets every image asked for so far (and matching `pattern`) arrive; returns how many. */
  release(pattern = /./, arrives = true): number {
    const released = this.waiting.filter((entry) => pattern.test(entry.url));
    for (const entry of released) {
      this.waiting.splice(this.waiting.indexOf(entry), 1);
      entry.settle(arrives);
    }
    return released.length;
  }

  /** Makes every image asked for so far (and matching `pattern`) fail; returns how many. */
  fail(pattern = /./): number {
    return this.release(pattern, false);
  }

  get pending(): number {
    return this.waiting.length;
  }
}

/** Checks `check` (which may act, like `release`) every 10 ms until it holds, for at most 3 s. */
const until = async (check: () => boolean) => {
  for (let tries = 0; tries < 300; tries += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`still not so after 3 s: ${check.toString()}`);
};

/** Asks for a frame and waits until it has been drawn. */
const nextFrame = (viewer: Viewer) =>
  new Promise<void>((resolve) => {
    viewer.addEventListener('render', () => resolve(), { once: true });
    viewer.needsUpdate();
  });

describe('data-drawn on the tour viewer', () => {
  let handle: TourViewerHandle | undefined;
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    document.body.replaceChildren();
    width = 1280;
  });

  function open(images: GatedImages) {
    const container = document.createElement('div');
    document.body.append(container);
    handle = createTourViewer(container, tour, { language: 'en', deviceProfile: DESKTOP, mode: 'edit', loadImage: images.load });
    return container;
  }

  it('is set only after a frame drawn with the base faces and the tiles the view asked for', async () => {
    const images = new GatedImages();
    const container = open(images);
    await until(() => images.pending === 6);
    expect(images.asked.every((url) => url.startsWith('scenes/a1/base/'))).toBe(true);
    expect(container.hasAttribute('data-drawn')).toBe(false);

    // The faces are in and drawn, but the tiles of the view are still coming.
    images.release(/\/base\//);
    await until(() => images.asked.some((url) => url.includes('/tiles/')));
    await nextFrame(handle!.viewer);
    await nextFrame(handle!.viewer);
    expect(images.pending).toBeGreaterThan(0);
    expect(container.hasAttribute('data-drawn')).toBe(false);

    images.release();
    await until(() => container.getAttribute('data-drawn') === '1280x800');
    expect(images.pending).toBe(0);
  });

  it('goes when another scene starts loading, and comes back once that one is drawn', async () => {
    const images = new GatedImages();
    const container = open(images);
    const releaseAll = async () => {
      // Faces first, then the tiles they lead to.
      await until(() => images.release() > 0);
      await until(() => images.release() > 0 && images.pending === 0);
    };
    await releaseAll();
    await until(() => container.getAttribute('data-drawn') === '1280x800');

    const switched = handle!.goToScene('a2', { transition: false });
    expect(container.hasAttribute('data-drawn')).toBe(false);
    await until(() => images.pending === 6);
    await nextFrame(handle!.viewer);
    expect(container.hasAttribute('data-drawn')).toBe(false);
    await releaseAll();
    await switched;
    await until(() => container.getAttribute('data-drawn') === '1280x800');
    expect(images.asked.filter((url) => url.startsWith('scenes/a2/base/'))).toHaveLength(6);
  });

  it('waits for the end of a transition between scenes', async () => {
    const images = new GatedImages();
    const container = open(images);
    await until(() => images.release() > 0);
    await until(() => images.release() > 0 && images.pending === 0);
    await until(() => container.hasAttribute('data-drawn'));

    // The default switch fades for 1.5 s: frames with both scenes, and no tile asked for until it ends.
    const switched = handle!.goToScene('a2');
    await until(() => images.release(/\/a2\/base\//) === 6);
    await until(() => handle!.viewer.state.transitionAnimation !== null);
    await nextFrame(handle!.viewer);
    await nextFrame(handle!.viewer);
    expect(images.pending).toBe(0);
    expect(container.hasAttribute('data-drawn')).toBe(false);
    await until(() => images.release(/\/a2\/tiles\//) > 0 && images.pending === 0);
    await switched;
    await until(() => container.getAttribute('data-drawn') === '1280x800');
  });

  it('stays away while a scene that could not load is shown as an error', async () => {
    const images = new GatedImages();
    const container = open(images);
    await until(() => images.release() > 0);
    await until(() => images.release() > 0 && images.pending === 0);
    await until(() => container.hasAttribute('data-drawn'));

    const switched = handle!.goToScene('a2', { transition: false });
    await until(() => images.fail() === 6);
    await switched;
    await nextFrame(handle!.viewer);
    await nextFrame(handle!.viewer);
    expect(container.hasAttribute('data-drawn')).toBe(false);
  });

  it('names the size of the last complete frame: a resize shows until the frame at the new size', async () => {
    const images = new GatedImages();
    const container = open(images);
    await until(() => images.release() > 0);
    await until(() => images.release() > 0 && images.pending === 0);
    await until(() => container.getAttribute('data-drawn') === '1280x800');

    width = 390;
    expect(container.getAttribute('data-drawn')).toBe('1280x800');
    handle!.viewer.autoSize();
    await until(() => container.getAttribute('data-drawn') === '390x800');
  });

  it('is removed when the viewer is destroyed', async () => {
    const images = new GatedImages();
    const container = open(images);
    await until(() => images.release() > 0);
    await until(() => images.release() > 0 && images.pending === 0);
    await until(() => container.hasAttribute('data-drawn'));
    handle!.destroy();
    handle = undefined;
    expect(container.hasAttribute('data-drawn')).toBe(false);
  });
});
