import { AbstractPlugin, type Viewer } from '@photo-sphere-viewer/core';

/** Reads a scene image the viewer draws with WebGL (a base face or a tile), given its URL. */
export type SceneImageLoader = (url: string) => Promise<HTMLImageElement>;

/** The image over HTTP with CORS, so that WebGL may draw it when the files live on another origin. */
export function loadCorsImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.decoding = 'async';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`could not load ${url}`));
    image.src = url;
  });
}

/**
 * Makes Photo Sphere Viewer read panorama images with the given loader. It has no option for that, but
 * every adapter reads through `viewer.textureLoader.loadImage`, and plugins start before the first
 * panorama loads: this plugin swaps that one method of its own viewer.
 */
export class SceneImagesPlugin extends AbstractPlugin {
  static override readonly id = 'spatia-scene-images';

  constructor(
    viewer: Viewer,
    private readonly loadImage: SceneImageLoader,
  ) {
    super(viewer);
  }

  override init(): void {
    this.viewer.textureLoader.loadImage = (url, onProgress) =>
      this.loadImage(url).then((image) => {
        onProgress?.(100);
        return image;
      });
  }
}
