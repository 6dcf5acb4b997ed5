import { TOUR_LIMITS, type HotspotKind, type LinkHotspot, type Tour, type TourScene } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import {
  canPlace,
  clampYaw,
  currentScene,
  initialEditorState,
  isDirty,
  musicAssetIdOf,
  newHotspotId,
  selectedHotspot,
  toTourUpdate,
  tourEditorReducer,
  type InfoHotspotChange,
  type TourEditorAction,
  type TourEditorState,
} from './tour-editor-state';
import { isSafeTourUrl, tourProblems } from './tour-problems';

const scene = (id: string, name: string): TourScene => ({
  id,
  name,
  initialView: { yaw: 0, pitch: 0 },
  fov: 75,
  hotspots: [],
  baseUrl: `/files/derived/w1/run/${id}/`,
  panorama: { sourceWidth: 4096, sourceHeight: 2048, tileSize: 512, levels: [{ faceSize: 512, nbTiles: 1 }] },
});

const tour = (scenes: TourScene[] = [scene('a1', 'Hall'), scene('a2', 'Kitchen'), scene('a3', 'Garden')]): Tour => ({
  workUid: 'w1',
  name: 'House',
  scenes,
  autorotateDelay: 15,
  gallery: true,
  musicUrl: null,
  musicAssetId: null,
  revision: 4,
});

const run = (state: TourEditorState, ...actions: TourEditorAction[]) => actions.reduce(tourEditorReducer, state);

/** `state` after "Add" pressed for a hotspot of `kind`, then a click on the panorama at `direction`. */
const place = (state: TourEditorState, kind: HotspotKind, id: string, direction = { yaw: 0, pitch: 0 }) =>
  run(state, { type: 'startPlacing', kind }, { type: 'placeHotspot', id, direction });

/** A state with a link hotspot placed in the first scene. */
function withLink(): TourEditorState {
  return place(initialEditorState(tour(), null), 'link', 'h1', { yaw: 30, pitch: -10 });
}

/** A state with an info hotspot placed ahead in the first scene, then edited with `change`. */
function withInfo(change: InfoHotspotChange): TourEditorState {
  return tourEditorReducer(place(initialEditorState(tour(), null), 'info', 'i1'), { type: 'changeInfo', hotspotId: 'i1', change });
}

describe('loading', () => {
  it('starts on the first scene, clean, with the revision it was read at', () => {
    const state = initialEditorState(tour(), 7);
    expect(state).toMatchObject({ sceneId: 'a1', hotspotId: null, placing: null, revision: 4 });
    expect(state.draft.musicAssetId).toBe(7);
    expect(isDirty(state)).toBe(false);
  });

  it('keeps only the editable settings of each scene (no files)', () => {
    expect(Object.keys(initialEditorState(tour(), null).draft.scenes[0]!).sort()).toEqual(['fov', 'hotspots', 'id', 'initialView', 'name']);
  });

  it("keeps the background music only while it is one of the work's music assets", () => {
    const assets = [{ id: 3 }, { id: 5 }];
    expect(musicAssetIdOf({ musicAssetId: 5 }, assets)).toBe(5);
    expect(musicAssetIdOf({ musicAssetId: null }, assets)).toBeNull();
    expect(musicAssetIdOf({ musicAssetId: 9 }, assets)).toBeNull();
  });

  it('reloads over the draft and stays on the scene in view', () => {
    const edited = run(withLink(), { type: 'selectScene', sceneId: 'a2' });
    const reloaded = tourEditorReducer(edited, { type: 'loaded', tour: { ...tour(), revision: 9 }, musicAssetId: null });
    expect(reloaded).toMatchObject({ sceneId: 'a2', revision: 9, hotspotId: null });
    expect(isDirty(reloaded)).toBe(false);
  });
});

describe('hotspots', () => {
  it('places a link where the panorama was clicked, pointing ahead, to the next scene, and selects it', () => {
    const state = withLink();
    expect(state.placing).toBeNull();
    expect(state.hotspotId).toBe('h1');
    expect(selectedHotspot(state)).toEqual({ id: 'h1', kind: 'link', yaw: 30, pitch: -10, targetSceneId: 'a2', arrowYaw: 30, label: '' });
    expect(isDirty(state)).toBe(true);
  });

  it('places an info hotspot with empty fields', () => {
    const state = place(initialEditorState(tour(), null), 'info', 'i1', { yaw: -45, pitch: 5 });
    expect(selectedHotspot(state)).toEqual({ id: 'i1', kind: 'info', yaw: -45, pitch: 5, title: '', text: '', imageUrl: '', linkUrl: '' });
  });

  it('places nothing without "Add" pressed first', () => {
    const state = initialEditorState(tour(), null);
    expect(tourEditorReducer(state, { type: 'placeHotspot', id: 'h1', direction: { yaw: 0, pitch: 0 } })).toBe(state);
  });

  it('offers no link in a tour of one scene, and nothing past the limit of a scene', () => {
    const single = initialEditorState(tour([scene('a1', 'Hall')]), null);
    expect(canPlace(single, 'link')).toBe(false);
    expect(canPlace(single, 'info')).toBe(true);
    expect(tourEditorReducer(single, { type: 'startPlacing', kind: 'link' }).placing).toBeNull();

    let full = initialEditorState(tour(), null);
    for (let index = 0; index < TOUR_LIMITS.hotspotsPerScene; index += 1) {
      full = place(full, 'info', `i${index}`, { yaw: index, pitch: 0 });
    }
    expect(currentScene(full)!.hotspots).toHaveLength(TOUR_LIMITS.hotspotsPerScene);
    expect(canPlace(full, 'info')).toBe(false);
  });

  it('moves a hotspot and turns a link arrow with it', () => {
    const state = run(
      withLink(),
      { type: 'changeLink', hotspotId: 'h1', change: { arrowYaw: 50 } },
      { type: 'moveHotspot', hotspotId: 'h1', direction: { yaw: 60, pitch: -20 } },
    );
    expect(selectedHotspot(state)).toMatchObject({ yaw: 60, pitch: -20, arrowYaw: 80 });
  });

  it('moves across the seam without leaving (-180, 180]', () => {
    const state = tourEditorReducer(withLink(), { type: 'moveHotspot', hotspotId: 'h1', direction: { yaw: 190, pitch: 0 } });
    expect(selectedHotspot(state)).toMatchObject({ yaw: -170, arrowYaw: -170 });
    expect(clampYaw(-180)).toBe(180);
    expect(clampYaw(359.999)).toBe(0);
  });

  it('edits a link: another target, an arrow direction and a label; never its own scene', () => {
    const state = run(
      withLink(),
      { type: 'changeLink', hotspotId: 'h1', change: { targetSceneId: 'a3', arrowYaw: -200, label: 'To the garden' } },
      { type: 'changeLink', hotspotId: 'h1', change: { targetSceneId: 'a1' } },
    );
    expect(selectedHotspot(state)).toMatchObject({ targetSceneId: 'a3', arrowYaw: 160, label: 'To the garden' });
  });

  it('edits an info hotspot, keeping a title over its limit whole for the person to shorten', () => {
    const state = withInfo({ title: 'x'.repeat(100), text: 'Built 1920', linkUrl: 'https://example.com' });
    expect(selectedHotspot(state)).toMatchObject({ title: 'x'.repeat(100), text: 'Built 1920', linkUrl: 'https://example.com' });
    expect(tourProblems(state.draft)).toEqual([{ sceneId: 'a1', hotspotId: 'i1', field: 'title', problem: 'tooLong' }]);
  });

  it('deletes the selected hotspot, and undo puts it back where it was', () => {
    const two = run(place(withLink(), 'info', 'i1', { yaw: 90, pitch: 0 }), { type: 'selectHotspot', hotspotId: 'h1' });
    const deleted = tourEditorReducer(two, { type: 'deleteHotspot', hotspotId: 'h1' });
    expect(currentScene(deleted)!.hotspots.map((hotspot) => hotspot.id)).toEqual(['i1']);
    expect(deleted.hotspotId).toBeNull();
    const restored = tourEditorReducer(deleted, { type: 'undoDelete' });
    expect(currentScene(restored)!.hotspots.map((hotspot) => hotspot.id)).toEqual(['h1', 'i1']);
    expect(restored.hotspotId).toBe('h1');
    expect(restored.removed).toBeNull();
  });

  it('undoes a delete from another scene by going back to it', () => {
    const deleted = run(withLink(), { type: 'deleteHotspot', hotspotId: 'h1' }, { type: 'selectScene', sceneId: 'a3' });
    const restored = tourEditorReducer(deleted, { type: 'undoDelete' });
    expect(restored.sceneId).toBe('a1');
    expect(selectedHotspot(restored)?.id).toBe('h1');
  });

  it('selects only hotspots of the scene in view, and deselects', () => {
    const state = withLink();
    expect(tourEditorReducer(state, { type: 'selectHotspot', hotspotId: 'nope' })).toBe(state);
    expect(tourEditorReducer(state, { type: 'selectHotspot', hotspotId: null }).hotspotId).toBeNull();
    expect(tourEditorReducer(state, { type: 'selectScene', sceneId: 'a2' }).hotspotId).toBeNull();
  });

  it('makes ids the server takes', () => {
    expect(newHotspotId(1_700_000_000_000, () => 0.5)).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(newHotspotId(1, () => 0)).not.toBe(newHotspotId(1, () => 0.9));
  });
});

describe('scenes and settings', () => {
  it('reorders scenes by dragging one to another place', () => {
    const state = tourEditorReducer(initialEditorState(tour(), null), { type: 'moveScene', from: 2, to: 0 });
    expect(state.draft.scenes.map((item) => item.id)).toEqual(['a3', 'a1', 'a2']);
    expect(isDirty(state)).toBe(true);
    expect(isDirty(tourEditorReducer(state, { type: 'moveScene', from: 0, to: 2 }))).toBe(false);
  });

  it('ignores moves out of range', () => {
    const state = initialEditorState(tour(), null);
    expect(tourEditorReducer(state, { type: 'moveScene', from: 0, to: 3 })).toBe(state);
  });

  it('renames a scene, trimmed and within the limit; an empty name keeps the old one', () => {
    const state = initialEditorState(tour(), null);
    expect(tourEditorReducer(state, { type: 'renameScene', sceneId: 'a2', name: '  Dining room ' }).draft.scenes[1]!.name).toBe(
      'Dining room',
    );
    expect(tourEditorReducer(state, { type: 'renameScene', sceneId: 'a2', name: '   ' })).toBe(state);
    expect(tourEditorReducer(state, { type: 'renameScene', sceneId: 'a2', name: 'n'.repeat(60) }).draft.scenes[1]!.name).toHaveLength(
      TOUR_LIMITS.sceneName,
    );
  });

  it('sets the initial view of the scene in view, field of view within the limits', () => {
    const state = tourEditorReducer(initialEditorState(tour(), null), {
      type: 'setInitialView',
      view: { yaw: 120.456, pitch: -12 },
      fov: 120,
    });
    expect(currentScene(state)).toMatchObject({ initialView: { yaw: 120.46, pitch: -12 }, fov: TOUR_LIMITS.fovMax });
  });

  it('changes autorotate, gallery and music', () => {
    const state = tourEditorReducer(initialEditorState(tour(), null), {
      type: 'changeSettings',
      change: { autorotateDelay: 9999, gallery: false, musicAssetId: 3 },
    });
    expect(state.draft).toMatchObject({ autorotateDelay: TOUR_LIMITS.autorotateDelayMax, gallery: false, musicAssetId: 3 });
  });
});

describe('dirty tracking and saving', () => {
  it('is clean again when an edit is undone by hand', () => {
    const state = initialEditorState(tour(), null);
    const back = run(state, { type: 'changeSettings', change: { gallery: false } }, { type: 'changeSettings', change: { gallery: true } });
    expect(isDirty(back)).toBe(false);
  });

  it('is not dirty from selecting, placing mode or switching scenes', () => {
    const state = run(
      initialEditorState(tour(), null),
      { type: 'selectScene', sceneId: 'a3' },
      { type: 'startPlacing', kind: 'info' },
      { type: 'stopPlacing' },
    );
    expect(isDirty(state)).toBe(false);
  });

  it('sends every scene in the new order with the revision it was read at', () => {
    const state = run(withLink(), { type: 'moveScene', from: 0, to: 1 }, { type: 'changeSettings', change: { musicAssetId: 3 } });
    const update = toTourUpdate(state);
    expect(update.revision).toBe(4);
    expect(update.scenes.map((item) => item.id)).toEqual(['a2', 'a1', 'a3']);
    expect((update.scenes[1]!.hotspots[0] as LinkHotspot).targetSceneId).toBe('a2');
    expect(update.musicAssetId).toBe(3);
  });

  it('is clean after the server answered a save, at its new revision, with the selection kept', () => {
    const state = withLink();
    const answer: Tour = {
      ...tour(),
      revision: 5,
      scenes: tour().scenes.map((item, index) => (index === 0 ? { ...item, hotspots: currentScene(state)!.hotspots } : item)),
    };
    const saved = tourEditorReducer(state, { type: 'saved', tour: answer });
    expect(isDirty(saved)).toBe(false);
    expect(saved.revision).toBe(5);
    expect(saved.hotspotId).toBe('h1');
  });
});

describe('problems the server would refuse', () => {
  it('points at texts over their limits, counted as the server counts them', () => {
    const text = withInfo({ text: '😀'.repeat(TOUR_LIMITS.hotspotText) });
    expect(tourProblems(text.draft)).toEqual([]);
    const over = withInfo({ text: '😀'.repeat(TOUR_LIMITS.hotspotText + 1) });
    expect(tourProblems(over.draft)).toEqual([{ sceneId: 'a1', hotspotId: 'i1', field: 'text', problem: 'tooLong' }]);
  });

  it('points at unsafe addresses of info hotspots', () => {
    const state = withInfo({ imageUrl: 'javascript:alert(1)', linkUrl: '/files/a.jpg' });
    expect(tourProblems(state.draft)).toEqual([{ sceneId: 'a1', hotspotId: 'i1', field: 'imageUrl', problem: 'unsafeUrl' }]);
  });

  // http(s) addresses, files of this site and nothing are taken.
  it.each([
    ['', true],
    ['https://example.com/a', true],
    ['/files/x.jpg', true],
    ['data:text/html,x', false],
    ['example.com', false],
  ])('isSafeTourUrl(%j) is %s', (url, safe) => {
    expect(isSafeTourUrl(url)).toBe(safe);
  });
});
