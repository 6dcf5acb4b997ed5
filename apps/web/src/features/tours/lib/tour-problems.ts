import type { Hotspot } from '@spatia/contract';
import type { TourDraft } from './tour-editor-state';

export type HotspotField = 'targetSceneId' | 'imageUrl' | 'linkUrl';
export type HotspotProblemKind = 'noTarget' | 'unsafeUrl';

export interface HotspotProblem {
  sceneId: string;
  hotspotId: string;
  field: HotspotField;
  problem: HotspotProblemKind;
}

/**
 * What the server takes in an info hotspot's addresses (and the public viewer opens): empty, a file of
 * this site, or an http(s) address. Checked here so the person sees it at the field, before saving.
 */
export function isSafeTourUrl(url: string): boolean {
  const trimmed = url.trim();
  if (trimmed === '' || trimmed.startsWith('/files/')) return true;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

export function hotspotProblems(sceneId: string, hotspot: Hotspot, sceneIds: ReadonlySet<string>): HotspotProblem[] {
  const problems: HotspotProblem[] = [];
  const add = (field: HotspotField, problem: HotspotProblemKind) => problems.push({ sceneId, hotspotId: hotspot.id, field, problem });
  if (hotspot.kind === 'link') {
    if (!sceneIds.has(hotspot.targetSceneId) || hotspot.targetSceneId === sceneId) add('targetSceneId', 'noTarget');
  } else {
    if (!isSafeTourUrl(hotspot.imageUrl)) add('imageUrl', 'unsafeUrl');
    if (!isSafeTourUrl(hotspot.linkUrl)) add('linkUrl', 'unsafeUrl');
  }
  return problems;
}

/** Everything in the draft the server would refuse (1905) that the editor can point at. */
export function tourProblems(draft: TourDraft): HotspotProblem[] {
  const sceneIds = new Set(draft.scenes.map((scene) => scene.id));
  return draft.scenes.flatMap((scene) => scene.hotspots.flatMap((hotspot) => hotspotProblems(scene.id, hotspot, sceneIds)));
}
