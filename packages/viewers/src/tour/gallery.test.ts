import type { Tour } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { galleryBehaviour } from './gallery';

const tour = (gallery: boolean, scenes = 2) =>
  ({ gallery, scenes: Array.from({ length: scenes }) }) as unknown as Pick<Tour, 'gallery' | 'scenes'>;
const desktop = { editMode: false, handheld: false };

describe('galleryBehaviour', () => {
  it('opens the strip with the tour on the public page of a laptop (a 619 px viewer in an 860 px window)', () => {
    expect(galleryBehaviour(tour(true), { ...desktop, height: 619 })).toEqual({ visibleOnLoad: true, hideOnClick: false });
  });

  it('opens it on a phone too, closing it once a scene is picked', () => {
    expect(galleryBehaviour(tour(true), { editMode: false, handheld: true, height: 607 })).toEqual({
      visibleOnLoad: true,
      hideOnClick: true,
    });
  });

  it('keeps it behind its button in a viewer too small to spare it', () => {
    expect(galleryBehaviour(tour(true), { ...desktop, height: 320 })).toEqual({ visibleOnLoad: false, hideOnClick: true });
  });

  it('has none when the tour turns it off, has one scene, or is being edited', () => {
    expect(galleryBehaviour(tour(false), { ...desktop, height: 900 })).toBeNull();
    expect(galleryBehaviour(tour(true, 1), { ...desktop, height: 900 })).toBeNull();
    expect(galleryBehaviour(tour(true), { ...desktop, editMode: true, height: 900 })).toBeNull();
  });
});
