/**
 * The tour viewer in happy-dom, for tests that run the real viewer (Photo Sphere Viewer and its
 * plugins): only WebGL, the 2D canvas and the page's layout are stood in for. A test file mocks three
 * with `headlessThree` and calls `installViewerPage` once, at its top level.
 */
import type * as Three from 'three';
import { afterAll, beforeAll, vi } from 'vitest';
import type { DeviceProfile } from './levels';

/** Render loops still running (a viewer nobody destroyed, like the offline page's). */
const loops = new Set<ReturnType<typeof setInterval>>();

/** Photo Sphere Viewer's renderer without a GPU: every scene object is real, nothing is drawn. */
class HeadlessRenderer {
  domElement = document.createElement('canvas');
  outputColorSpace = '';
  toneMapping = 0;
  xr = { enabled: false };
  private frames: ReturnType<typeof setInterval> | undefined;
  setPixelRatio() {}
  setSize() {}
  setAnimationLoop(frame: ((time: number) => void) | null) {
    this.stop();
    if (frame) loops.add((this.frames = setInterval(() => frame(performance.now()), 16)));
  }
  render() {}
  // A transition draws the next scene once off screen first.
  setRenderTarget() {}
  dispose() {
    this.stop();
  }
  private stop() {
    clearInterval(this.frames);
    if (this.frames) loops.delete(this.frames);
  }
  initTexture() {}
}

/** three with the headless renderer: `vi.mock('three', async (original) => (await import('./headless-viewer.test-support')).headlessThree(original))`. */
export async function headlessThree(importOriginal: () => Promise<unknown>): Promise<typeof Three> {
  const three = (await importOriginal()) as typeof Three;
  return { ...three, WebGLRenderer: HeadlessRenderer as unknown as typeof Three.WebGLRenderer };
}

export const DESKTOP: DeviceProfile = { handheld: false, deviceMemoryGb: 8, maxTextureSize: 8192, screenWidth: 1920, screenHeight: 1080 };

interface PageOptions {
  /** The laid-out width of every element (the viewer's size decides what is in view); 1280 unless told. */
  width?: () => number;
  /** Console errors a test expects besides the missing stylesheets (Vitest loads no CSS). */
  expectedErrors?: RegExp;
}

/** Before the file's tests, a laid-out page with a WebGL context that answers the viewer's questions; after them, no render loop left. */
export function installViewerPage(options: PageOptions = {}): void {
  beforeAll(() => stubPage(options));
  afterAll(() => {
    for (const loop of loops) clearInterval(loop);
  });
}

// Photo Sphere Viewer is imported only here, once three is mocked: this module is what mocks it.
async function stubPage({ width = () => 1280, expectedErrors }: PageOptions): Promise<void> {
  const { SYSTEM } = await import('@photo-sphere-viewer/core');
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
    if (kind === 'webgl2') return { MAX_TEXTURE_SIZE: 0x0d33, getParameter: () => 4096, getExtension: () => null };
    return (getContext as (...args: unknown[]) => unknown).call(this, kind, ...rest);
  } as typeof getContext;
  const consoleError = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const message = String(args[0]);
    if (!/stylesheet .* is not loaded/.test(message) && !expectedErrors?.test(message)) consoleError(...args);
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: width });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  // The blurred base faces go through a 2D canvas, which happy-dom does not draw.
  Object.assign(SYSTEM, { __maxCanvasWidth: 4096 });
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      constructor(
        public width: number,
        public height: number,
      ) {}
      getContext() {
        return { filter: '', drawImage: () => undefined };
      }
    },
  );
}
