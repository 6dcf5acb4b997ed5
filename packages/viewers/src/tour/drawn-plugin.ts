import { AbstractPlugin, events, type Viewer } from '@photo-sphere-viewer/core';
import { DrawnSignal } from '../shared/drawn-signal';

/**
 * Keeps `data-drawn` (shared/drawn-signal.ts) on the tour viewer's container: set after a frame drawn
 * once the scene's panorama is in place (its base faces loaded, any transition over) and no base face or
 * tile is loading; gone from the moment another scene starts loading or a tile is asked for.
 *
 * Every image the viewer draws is read through `viewer.textureLoader.loadImage` (see scene-images.ts),
 * so this plugin, given last, wraps that one method to count what is in flight. Plugins start before
 * the first panorama loads.
 */
export class DrawnPlugin extends AbstractPlugin {
  static override readonly id = 'spatia-drawn';

  private readonly signal: DrawnSignal;
  private loading = 0;
  /** The current panorama is in place and its first tiles have been asked for. */
  private settled = false;
  private panorama = 0;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(viewer: Viewer) {
    super(viewer);
    this.signal = new DrawnSignal(viewer.parent);
  }

  override init(): void {
    const loader = this.viewer.textureLoader;
    const loadImage = loader.loadImage.bind(loader);
    loader.loadImage = (...args) => this.counted(loadImage(...args));
    this.viewer.addEventListener(events.PanoramaLoadEvent.type, this.onPanoramaLoad);
    this.viewer.addEventListener(events.RenderEvent.type, this.onRender);
  }

  override destroy(): void {
    this.panorama += 1;
    clearTimeout(this.settleTimer);
    this.viewer.removeEventListener(events.PanoramaLoadEvent.type, this.onPanoramaLoad);
    this.viewer.removeEventListener(events.RenderEvent.type, this.onRender);
    this.signal.dispose();
    super.destroy();
  }

  private counted<T>(load: Promise<T>): Promise<T> {
    this.loading += 1;
    this.signal.invalidate();
    const settle = () => {
      this.loading -= 1;
      // Photo Sphere Viewer draws after a tile it still wants, not after one it dropped: ask for the frame.
      if (this.loading === 0) this.viewer.needsUpdate();
    };
    load.then(settle, settle);
    return load;
  }

  private readonly onPanoramaLoad = () => {
    const panorama = ++this.panorama;
    this.settled = false;
    clearTimeout(this.settleTimer);
    this.signal.invalidate();
    // `setPanorama` keeps its promise right after this event; it gives true once the panorama shows
    // (after the transition, if any), false when another took its place, and fails when it cannot load.
    void Promise.resolve()
      .then(() => this.viewer.state.loadingPromise as Promise<unknown> | null)
      .then(
        (shown) => {
          if (shown !== true || panorama !== this.panorama) return;
          // The tiles adapter asks for the view's tiles in a timeout it set when the panorama went in;
          // timeouts run in order, so by this one's turn they are counted.
          this.settleTimer = setTimeout(() => {
            if (panorama !== this.panorama) return;
            this.settled = true;
            this.viewer.needsUpdate();
          });
        },
        () => undefined,
      );
  };

  private readonly onRender = () => {
    const { width, height } = this.viewer.state.size;
    this.signal.frame(width, height, this.settled && this.loading === 0);
  };
}
