import type { PublicNarration } from './narrations.js';
import type { Tour } from './tours.js';

/**
 * What an offline package carries besides the viewer, written by the server and read by the standalone
 * viewer (docs/processing.md "Offline package"). People open the package's index.html straight from
 * disk, where browsers refuse `fetch` and module scripts, and every file is an origin of its own, so a
 * JPEG beside the page cannot become a WebGL texture. Classic scripts beside the page do run there (and
 * on any static server), so the tour and the images the viewer draws travel as scripts:
 * - `tour.js` sets `window.spatiaTour` to the tour, scene folders relative (`scenes/{id}/`);
 * - each base face and tile `{file}` of a scene folder is `{file}.js`, which calls
 *   `window.spatiaImage(dataUrl)` with the JPEG as a data: URL; the viewer adds one such script per
 *   image it needs, when it needs it. Previews and thumbnails stay JPEG files: they are only shown.
 * - `tour.js` also sets `window.spatiaNarrations` to the tour's published narrated guides (docs/narrations.md),
 *   an empty list when it has none; each clip is a file of the package, `narration/{guideId}/{sceneId}.{ext}`,
 *   which an `<audio>` element plays from disk as it does from a server.
 */
export const OFFLINE_TOUR_SCRIPT = 'tour.js';
export const OFFLINE_TOUR_GLOBAL = 'spatiaTour';
export const OFFLINE_NARRATIONS_GLOBAL = 'spatiaNarrations';
export const OFFLINE_IMAGE_CALLBACK = 'spatiaImage';

export function offlineTourScript(tour: Tour, narrations: readonly PublicNarration[] = []): string {
  // JSON is valid JavaScript, and this file is never pasted into HTML: names and texts people typed stay data.
  return (
    `window.${OFFLINE_TOUR_GLOBAL} = ${JSON.stringify(tour, null, 2)};\n` +
    `window.${OFFLINE_NARRATIONS_GLOBAL} = ${JSON.stringify(narrations, null, 2)};\n`
  );
}

/** Where an offline package keeps a guide's clip for a scene. */
export function offlineNarrationAudioPath(guideId: number, sceneId: string, extension: string): string {
  return `narration/${guideId}/${sceneId}${extension}`;
}

export function offlineImageScriptPath(file: string): string {
  return `${file}.js`;
}

export function offlineImageScript(jpegBase64: string): string {
  return `window.${OFFLINE_IMAGE_CALLBACK}("data:image/jpeg;base64,${jpegBase64}");\n`;
}
