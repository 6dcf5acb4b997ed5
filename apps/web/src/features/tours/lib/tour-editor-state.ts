import {
  TOUR_LIMITS,
  type Hotspot,
  type HotspotKind,
  type InfoHotspot,
  type LinkHotspot,
  type Tour,
  type TourSceneSettings,
  type TourUpdate,
  type ViewDirection,
} from '@spatia/contract';

/** What the editor changes and saves: every scene's settings in gallery order, and the tour's own settings. */
export interface TourDraft {
  scenes: TourSceneSettings[];
  autorotateDelay: number;
  gallery: boolean;
  musicAssetId: number | null;
}

export type TourSettingsChange = Partial<Pick<TourDraft, 'autorotateDelay' | 'gallery' | 'musicAssetId'>>;

export type LinkHotspotChange = Partial<Pick<LinkHotspot, 'targetSceneId' | 'arrowYaw' | 'label'>>;
export type InfoHotspotChange = Partial<Pick<InfoHotspot, 'title' | 'text' | 'imageUrl' | 'linkUrl'>>;

export interface TourEditorState {
  /** The revision the draft was made from; a save sends it (1902 when someone saved meanwhile). */
  revision: number;
  /** The tour as the server has it. */
  saved: TourDraft;
  draft: TourDraft;
  /** The scene shown and edited. */
  sceneId: string;
  /** The selected hotspot, in the shown scene. */
  hotspotId: string | null;
  /** "Add link" or "Add info" was pressed: the next click on the panorama places one. */
  placing: HotspotKind | null;
  /** The last hotspot deleted, for undo. */
  removed: { sceneId: string; index: number; hotspot: Hotspot } | null;
}

export type TourEditorAction =
  | { type: 'loaded'; tour: Tour; musicAssetId: number | null }
  | { type: 'saved'; tour: Tour }
  | { type: 'selectScene'; sceneId: string }
  | { type: 'renameScene'; sceneId: string; name: string }
  | { type: 'moveScene'; from: number; to: number }
  | { type: 'setInitialView'; view: ViewDirection; fov: number }
  | { type: 'changeSettings'; change: TourSettingsChange }
  | { type: 'startPlacing'; kind: HotspotKind }
  | { type: 'stopPlacing' }
  | { type: 'placeHotspot'; id: string; direction: ViewDirection }
  | { type: 'selectHotspot'; hotspotId: string | null }
  | { type: 'moveHotspot'; hotspotId: string; direction: ViewDirection }
  | { type: 'changeLink'; hotspotId: string; change: LinkHotspotChange }
  | { type: 'changeInfo'; hotspotId: string; change: InfoHotspotChange }
  | { type: 'deleteHotspot'; hotspotId: string }
  | { type: 'undoDelete' };

/** The editable part of a scene as the server sent it (without its files). */
function settingsOf(scene: TourSceneSettings): TourSceneSettings {
  return {
    id: scene.id,
    name: scene.name,
    initialView: { ...scene.initialView },
    fov: scene.fov,
    hotspots: scene.hotspots.map((hotspot) => ({ ...hotspot })),
  };
}

export function draftOf(tour: Tour, musicAssetId: number | null): TourDraft {
  return { scenes: tour.scenes.map(settingsOf), autorotateDelay: tour.autorotateDelay, gallery: tour.gallery, musicAssetId };
}

export function initialEditorState(tour: Tour, musicAssetId: number | null): TourEditorState {
  const draft = draftOf(tour, musicAssetId);
  return { revision: tour.revision, saved: draft, draft, sceneId: tour.scenes[0]?.id ?? '', hotspotId: null, placing: null, removed: null };
}

/** The background music the tour plays, if it is still one of the work's music assets. */
export function musicAssetIdOf(tour: Pick<Tour, 'musicAssetId'>, musicAssets: readonly { id: number }[]): number | null {
  return musicAssets.some((asset) => asset.id === tour.musicAssetId) ? tour.musicAssetId : null;
}

export function currentScene(state: TourEditorState): TourSceneSettings | undefined {
  return state.draft.scenes.find((scene) => scene.id === state.sceneId);
}

export function selectedHotspot(state: TourEditorState): Hotspot | undefined {
  return state.hotspotId ? currentScene(state)?.hotspots.find((hotspot) => hotspot.id === state.hotspotId) : undefined;
}

/** Whether the draft differs from what the server has. */
export function isDirty(state: TourEditorState): boolean {
  return !sameValue(state.saved, state.draft);
}

/** What `PUT /model/{uid}/tour` takes. */
export function toTourUpdate(state: TourEditorState): TourUpdate {
  const { scenes, autorotateDelay, gallery, musicAssetId } = state.draft;
  return { revision: state.revision, scenes, autorotateDelay, gallery, musicAssetId };
}

/** A new hotspot's id: unique in practice, and of the characters the server takes. */
export function newHotspotId(now: number = Date.now(), random: () => number = Math.random): string {
  return `h${now.toString(36)}${Math.floor(random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0')}`;
}

/** Whether a scene can take one more hotspot, and a link has somewhere to go. */
export function canPlace(state: TourEditorState, kind: HotspotKind): boolean {
  const scene = currentScene(state);
  if (!scene || scene.hotspots.length >= TOUR_LIMITS.hotspotsPerScene) return false;
  return kind === 'info' || state.draft.scenes.length > 1;
}

export function tourEditorReducer(state: TourEditorState, action: TourEditorAction): TourEditorState {
  switch (action.type) {
    case 'loaded': {
      const fresh = initialEditorState(action.tour, action.musicAssetId);
      // A reload keeps the scene in view when it is still there.
      const sceneId = fresh.draft.scenes.some((scene) => scene.id === state.sceneId) ? state.sceneId : fresh.sceneId;
      return { ...fresh, sceneId };
    }
    case 'saved': {
      // The server answers with the tour as stored; the music is what was sent.
      const saved = draftOf(action.tour, state.draft.musicAssetId);
      return { ...state, revision: action.tour.revision, saved, draft: saved };
    }
    case 'selectScene':
      if (action.sceneId === state.sceneId || !state.draft.scenes.some((scene) => scene.id === action.sceneId)) return state;
      return { ...state, sceneId: action.sceneId, hotspotId: null, placing: null };
    case 'renameScene': {
      const name = action.name.trim().slice(0, TOUR_LIMITS.sceneName);
      if (!name) return state;
      return withScene(state, action.sceneId, (scene) => (scene.name === name ? scene : { ...scene, name }));
    }
    case 'moveScene': {
      const { from, to } = action;
      const scenes = state.draft.scenes;
      if (from === to || from < 0 || to < 0 || from >= scenes.length || to >= scenes.length) return state;
      const next = [...scenes];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return { ...state, draft: { ...state.draft, scenes: next } };
    }
    case 'setInitialView': {
      const view = { yaw: clampYaw(action.view.yaw), pitch: clamp(action.view.pitch, -90, 90) };
      const fov = clamp(Math.round(action.fov * 10) / 10, TOUR_LIMITS.fovMin, TOUR_LIMITS.fovMax);
      return withScene(state, state.sceneId, (scene) => ({ ...scene, initialView: view, fov }));
    }
    case 'changeSettings': {
      const change = { ...action.change };
      if (change.autorotateDelay !== undefined)
        change.autorotateDelay = clamp(Math.round(change.autorotateDelay), 0, TOUR_LIMITS.autorotateDelayMax);
      return { ...state, draft: { ...state.draft, ...change } };
    }
    case 'startPlacing':
      return canPlace(state, action.kind) ? { ...state, placing: action.kind, hotspotId: null } : state;
    case 'stopPlacing':
      return state.placing ? { ...state, placing: null } : state;
    case 'placeHotspot': {
      const kind = state.placing;
      if (!kind) return state;
      if (!canPlace(state, kind)) return { ...state, placing: null };
      const hotspot = newHotspot(state, kind, action.id, action.direction);
      const next = withScene(state, state.sceneId, (scene) => ({ ...scene, hotspots: [...scene.hotspots, hotspot] }));
      return { ...next, placing: null, hotspotId: hotspot.id };
    }
    case 'selectHotspot':
      if (action.hotspotId !== null && !currentScene(state)?.hotspots.some((hotspot) => hotspot.id === action.hotspotId)) return state;
      return state.hotspotId === action.hotspotId && !state.placing ? state : { ...state, hotspotId: action.hotspotId, placing: null };
    case 'moveHotspot': {
      const yaw = clampYaw(action.direction.yaw);
      const pitch = clamp(action.direction.pitch, -90, 90);
      return withHotspot(state, action.hotspotId, (hotspot) => {
        if (hotspot.yaw === yaw && hotspot.pitch === pitch) return hotspot;
        if (hotspot.kind === 'info') return { ...hotspot, yaw, pitch };
        // A link's arrow keeps pointing the same way relative to where it stands.
        return { ...hotspot, yaw, pitch, arrowYaw: clampYaw(hotspot.arrowYaw + (yaw - hotspot.yaw)) };
      });
    }
    case 'changeLink': {
      const change = { ...action.change };
      if (change.arrowYaw !== undefined) change.arrowYaw = clampYaw(change.arrowYaw);
      if (
        change.targetSceneId !== undefined &&
        !state.draft.scenes.some((scene) => scene.id === change.targetSceneId && scene.id !== state.sceneId)
      ) {
        delete change.targetSceneId;
      }
      return withHotspot(state, action.hotspotId, (hotspot) => (hotspot.kind === 'link' ? { ...hotspot, ...change } : hotspot));
    }
    case 'changeInfo': {
      const change = { ...action.change };
      // A title or text over its limit stays whole: the inspector counts it and the problems keep it from being saved.
      if (change.imageUrl !== undefined) change.imageUrl = change.imageUrl.slice(0, TOUR_LIMITS.url);
      if (change.linkUrl !== undefined) change.linkUrl = change.linkUrl.slice(0, TOUR_LIMITS.url);
      return withHotspot(state, action.hotspotId, (hotspot) => (hotspot.kind === 'info' ? { ...hotspot, ...change } : hotspot));
    }
    case 'deleteHotspot': {
      const scene = currentScene(state);
      const index = scene?.hotspots.findIndex((hotspot) => hotspot.id === action.hotspotId) ?? -1;
      if (!scene || index === -1) return state;
      const next = withScene(state, scene.id, (current) => ({
        ...current,
        hotspots: current.hotspots.filter((hotspot) => hotspot.id !== action.hotspotId),
      }));
      return {
        ...next,
        hotspotId: state.hotspotId === action.hotspotId ? null : state.hotspotId,
        removed: { sceneId: scene.id, index, hotspot: scene.hotspots[index]! },
      };
    }
    case 'undoDelete': {
      const removed = state.removed;
      if (!removed) return state;
      const scene = state.draft.scenes.find((item) => item.id === removed.sceneId);
      const taken = state.draft.scenes.some((item) => item.hotspots.some((hotspot) => hotspot.id === removed.hotspot.id));
      if (!scene || taken) return { ...state, removed: null };
      const next = withScene(state, scene.id, (current) => {
        const hotspots = [...current.hotspots];
        hotspots.splice(Math.min(removed.index, hotspots.length), 0, removed.hotspot);
        return { ...current, hotspots };
      });
      return { ...next, removed: null, sceneId: scene.id, hotspotId: removed.hotspot.id, placing: null };
    }
  }
}

function newHotspot(state: TourEditorState, kind: HotspotKind, id: string, direction: ViewDirection): Hotspot {
  const yaw = clampYaw(direction.yaw);
  const pitch = clamp(direction.pitch, -90, 90);
  if (kind === 'info') return { id, kind, yaw, pitch, title: '', text: '', imageUrl: '', linkUrl: '' };
  // The next scene in the gallery order is the likeliest target; the person changes it if not.
  const scenes = state.draft.scenes;
  const index = scenes.findIndex((scene) => scene.id === state.sceneId);
  const target = scenes[(index + 1) % scenes.length]!;
  return { id, kind, yaw, pitch, targetSceneId: target.id, arrowYaw: yaw, label: '' };
}

function withScene(state: TourEditorState, sceneId: string, change: (scene: TourSceneSettings) => TourSceneSettings): TourEditorState {
  let changed = false;
  const scenes = state.draft.scenes.map((scene) => {
    if (scene.id !== sceneId) return scene;
    const next = change(scene);
    changed ||= next !== scene;
    return next;
  });
  return changed ? { ...state, draft: { ...state.draft, scenes } } : state;
}

function withHotspot(state: TourEditorState, hotspotId: string, change: (hotspot: Hotspot) => Hotspot): TourEditorState {
  return withScene(state, state.sceneId, (scene) => {
    let changed = false;
    const hotspots = scene.hotspots.map((hotspot) => {
      if (hotspot.id !== hotspotId) return hotspot;
      const next = change(hotspot);
      changed ||= next !== hotspot;
      return next;
    });
    return changed ? { ...scene, hotspots } : scene;
  });
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Degrees in (-180, 180], rounded to 0.01° as the tour stores them. */
export function clampYaw(yaw: number): number {
  let value = ((yaw % 360) + 360) % 360;
  if (value > 180) value -= 360;
  const rounded = Math.round(value * 100) / 100;
  return rounded === -180 ? 180 : Object.is(rounded, -0) ? 0 : rounded;
}

/** Structural equality of plain data (key order does not matter). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
