import type { Tour } from '@spatia/contract';

/**
 * CSS pixels of viewer height from which the scene strip opens with the tour. The strip (thumbnails of
 * 80 px and their titles, about 110 px) covers the bottom of the view, where floor arrows usually are:
 * from here on it leaves most of the view free.
 */
export const GALLERY_OPEN_MIN_HEIGHT = 400;

export interface GalleryBehaviour {
  visibleOnLoad: boolean;
  /** Whether picking a scene closes the strip, giving the view back. */
  hideOnClick: boolean;
}

/**
 * The scene strip of a tour, or null when there is none: it is there whenever the tour enables it and has
 * scenes to choose between (never in the editor), and open on load wherever the viewer has the room. On a
 * phone, or in a viewer too small to spare it, picking a scene closes it.
 */
export function galleryBehaviour(
  tour: Pick<Tour, 'gallery' | 'scenes'>,
  viewer: { editMode: boolean; handheld: boolean; height: number },
): GalleryBehaviour | null {
  if (viewer.editMode || !tour.gallery || tour.scenes.length < 2) return null;
  const roomy = viewer.height >= GALLERY_OPEN_MIN_HEIGHT;
  return { visibleOnLoad: roomy, hideOnClick: viewer.handheld || !roomy };
}
