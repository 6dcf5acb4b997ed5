/**
 * Narrated guides (docs/narrations.md): an owner with permission 962 (`/explain/list`) writes, for one of
 * their panorama tours, a text and an audio clip per scene; once published, the tour's viewer on the work
 * page and in its offline package plays them, scene by scene. Scenes follow the tour's order; a scene the
 * tour dropped leaves the guide's answers (its text and clip stay until the guide is deleted).
 */
import { defineErrors } from './errors.js';
import narrationErrors from './narrations.errors.json' with { type: 'json' };

export const NarrationErrors = defineErrors(narrationErrors);

export const NARRATION_STATES = ['draft', 'published'] as const;
export type NarrationState = (typeof NARRATION_STATES)[number];

/** The languages a guide is written in (those of the site). */
export const NARRATION_LANGUAGES = ['zh', 'en'] as const;
export type NarrationLanguage = (typeof NARRATION_LANGUAGES)[number];

/** The audio a scene takes, recognised by its bytes (a recording in the browser is WebM or, in Safari, M4A). */
export const NARRATION_AUDIO_TYPES = ['audio/mpeg', 'audio/mp4', 'audio/ogg', 'audio/webm'] as const;
export type NarrationAudioType = (typeof NARRATION_AUDIO_TYPES)[number];

export const NARRATION_LIMITS = {
  title: 60,
  /** Plain text: line breaks kept, shown as text (never HTML). */
  text: 2000,
  audioBytes: 10 * 1024 * 1024,
  /** Seconds of one scene's clip; the recorder stops by itself there. */
  audioSeconds: 300,
  guidesPerOwner: 200,
} as const;

export interface NarrationAudio {
  url: string;
  contentType: NarrationAudioType;
  /** Milliseconds, as a parse of the whole file measured it on upload. */
  durationMs: number;
  bytes: number;
}

/** One scene of a guide as the viewer plays it. */
export interface NarrationScene {
  sceneId: string;
  text: string;
  audio: NarrationAudio | null;
}

/** A published guide as the viewer reads it: scenes in the tour's order, only those with text or audio. */
export interface PublicNarration {
  id: number;
  title: string;
  language: NarrationLanguage;
  autoAdvance: boolean;
  scenes: NarrationScene[];
}

/** A row of `/explain/list`. */
export interface NarrationSummary {
  id: number;
  title: string;
  language: NarrationLanguage;
  state: NarrationState;
  autoAdvance: boolean;
  tour: { uid: string; name: string; coverUrl: string };
  /** Scenes of the tour with text or audio, and all scenes of the tour. */
  narratedScenes: number;
  totalScenes: number;
  updatedAt: number;
  publishedAt: number | null;
}

/** `/explain/detail`: the guide with every scene of its tour, narrated or not. */
export interface NarrationDetail extends NarrationSummary {
  scenes: (NarrationScene & { name: string; thumbnailUrl: string })[];
}

export interface NarrationCreate {
  workUid: string;
  title: string;
  language: NarrationLanguage;
}

export interface NarrationUpdate {
  title: string;
  language: NarrationLanguage;
  autoAdvance: boolean;
}
