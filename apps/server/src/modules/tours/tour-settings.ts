import { TOUR_LIMITS, type Hotspot, type TourSceneSettings, type TourUpdate } from '@spatia/contract';
import type { ProcessedScene } from '../processing/index.js';
import type { StoredTourSettings } from './tours.tables.js';
import type { TourProblem } from '../../lib/messages.js';

export const DEFAULT_FOV = 75;
export const DEFAULT_AUTOROTATE_DELAY = 15;

/** A scene's settings before anyone edited them: named after its file, looking straight ahead. */
export function defaultSceneSettings(scene: ProcessedScene): TourSceneSettings {
  return {
    id: scene.id,
    name: scene.sourceName.replace(/\.[a-z0-9]+$/i, '').slice(0, TOUR_LIMITS.sceneName) || scene.id,
    initialView: { yaw: 0, pitch: 0 },
    fov: DEFAULT_FOV,
    hotspots: [],
  };
}

/**
 * The tour after a processing run: edited settings of scenes that are still there are kept, new scenes
 * join at the end, and scenes that are gone leave, with every hotspot that led to them.
 */
export function reconcileTourSettings(previous: StoredTourSettings | undefined, scenes: readonly ProcessedScene[]): StoredTourSettings {
  const present = new Set(scenes.map((scene) => scene.id));
  const kept = (previous?.scenes ?? []).filter((scene) => present.has(scene.id));
  const keptIds = new Set(kept.map((scene) => scene.id));
  const added = scenes.filter((scene) => !keptIds.has(scene.id)).map(defaultSceneSettings);
  const withoutDeadLinks = [...kept, ...added].map((scene) => ({
    ...scene,
    hotspots: scene.hotspots.filter((hotspot) => hotspot.kind !== 'link' || present.has(hotspot.targetSceneId)),
  }));
  return {
    scenes: withoutDeadLinks,
    autorotateDelay: previous?.autorotateDelay ?? DEFAULT_AUTOROTATE_DELAY,
    gallery: previous?.gallery ?? true,
    musicAssetId: previous?.musicAssetId ?? null,
  };
}

/** What is wrong with an edited tour, as a 1905 message names it; undefined when it is fine. */
export type TourUpdateProblem = { problem: TourProblem; hotspot?: string };

export function tourUpdateProblem(
  update: TourUpdate,
  sceneIds: readonly string[],
  musicAssetIds: readonly number[],
): TourUpdateProblem | undefined {
  const known = new Set(sceneIds);
  const sent = update.scenes.map((scene) => scene.id);
  if (sent.length !== known.size || new Set(sent).size !== sent.length || sent.some((id) => !known.has(id)))
    return { problem: 'scenesMismatch' };
  if (update.musicAssetId !== null && !musicAssetIds.includes(update.musicAssetId)) return { problem: 'musicNotOfWork' };
  const hotspotIds = new Set<string>();
  for (const scene of update.scenes) {
    for (const hotspot of scene.hotspots) {
      if (hotspotIds.has(hotspot.id)) return { problem: 'hotspotIdTwice', hotspot: hotspot.id };
      hotspotIds.add(hotspot.id);
      const problem = hotspotProblem(hotspot, scene.id, known);
      if (problem) return { problem, hotspot: hotspot.id };
    }
  }
  return undefined;
}

function hotspotProblem(hotspot: Hotspot, sceneId: string, sceneIds: ReadonlySet<string>): TourProblem | undefined {
  if (hotspot.kind === 'link') {
    if (!sceneIds.has(hotspot.targetSceneId)) return 'linkMissingScene';
    if (hotspot.targetSceneId === sceneId) return 'linkToSelf';
    return undefined;
  }
  return [hotspot.imageUrl, hotspot.linkUrl].some((url) => url && !isSafeUrl(url)) ? 'unsafeUrl' : undefined;
}

/** Web addresses and our own files only: no `javascript:` or `data:` links in a public viewer. */
export function isSafeUrl(url: string): boolean {
  if (url.startsWith('/files/')) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The text of a tour that people read, for the sensitive-word check. */
export function tourTexts(update: TourUpdate): string[] {
  return update.scenes.flatMap((scene) => [
    scene.name,
    ...scene.hotspots.flatMap((hotspot) => (hotspot.kind === 'link' ? [hotspot.label] : [hotspot.title, hotspot.text])),
  ]);
}
