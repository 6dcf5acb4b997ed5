/**
 * The narrated-guide player over a tour viewer (docs/narrations.md). The web app loads it with
 * `import('@spatia/viewers/narration')` only for a tour with a published guide; the standalone build of
 * offline packages includes it.
 */
export { attachNarration, nextNarratedScene, readingMs, type NarratedTour, type NarrationPlayerHandle } from './narration-player';
export { NARRATION_STRINGS } from './strings';
