import { TOUR_LIMITS, type Hotspot } from '@spatia/contract';
import { textLength } from '../../../lib/text-count';
import type { TourDraft } from './tour-editor-state';

export type HotspotField = 'targetSceneId' | 'imageUrl' | 'linkUrl' | 'label' | 'title' | 'text';
export type HotspotProblemKind = 'noTarget' | 'unsafeUrl' | 'tooLong';

/** The longest text each of a hotspot's written fields takes (the server refuses more with 1905). */
export const HOTSPOT_TEXT_LIMITS = {
  label: TOUR_LIMITS.sceneName,
  title: TOUR_LIMITS.hotspotTitle,
  text: TOUR_LIMITS.hotspotText,
} as const;

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
  const tooLong = (field: keyof typeof HOTSPOT_TEXT_LIMITS, text: string) => {
    if (textLength(text) > HOTSPOT_TEXT_LIMITS[field]) add(field, 'tooLong');
  };
  if (hotspot.kind === 'link') {
    if (!sceneIds.has(hotspot.targetSceneId) || hotspot.targetSceneId === sceneId) add('targetSceneId', 'noTarget');
    tooLong('label', hotspot.label);
  } else {
    tooLong('title', hotspot.title);
    tooLong('text', hotspot.text);
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
