import {
  OFFLINE_IMAGE_CALLBACK,
  OFFLINE_NARRATIONS_GLOBAL,
  OFFLINE_TOUR_GLOBAL,
  offlineImageScriptPath,
  type PublicNarration,
  type Tour,
} from '@spatia/contract';

/**
 * Reads what the offline package carries as classic scripts (the contract's offline-package.ts says
 * why): the tour that `tour.js` left on `window`, and scene images from `{file}.js`.
 */

const packageGlobals = window as unknown as Record<string, unknown>;
const waiting = new Map<Element, (dataUrl: string) => void>();

// An image script calls this while it runs: `document.currentScript` tells which request it answers.
packageGlobals[OFFLINE_IMAGE_CALLBACK] = (dataUrl: string) => {
  const script = document.currentScript;
  if (script) waiting.get(script)?.(dataUrl);
};

export function readPackagedTour(): Tour | null {
  return (packageGlobals[OFFLINE_TOUR_GLOBAL] as Tour | undefined) ?? null;
}

/**
 * The published narrated guide to play: the one in `language` when the package has one, else the first
 * (packages made before guides existed leave none).
 */
export function readPackagedNarration(language: string): PublicNarration | null {
  const guides = packageGlobals[OFFLINE_NARRATIONS_GLOBAL] as PublicNarration[] | undefined;
  if (!Array.isArray(guides)) return null;
  return (
    guides.find((guide) => guide.language === language && guide.scenes.length > 0) ??
    guides.find((guide) => guide.scenes.length > 0) ??
    null
  );
}

/** A base face or tile by its URL in the tour (`scenes/{id}/…`), from the script beside it. */
export function loadImageFromScript(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    const finish = () => {
      waiting.delete(script);
      script.remove();
    };
    waiting.set(script, (dataUrl) => {
      finish();
      const image = new Image();
      image.decoding = 'async';
      image.onload = () => resolve(image);
      image.onerror = () => reject(new Error(`could not decode ${url}`));
      image.src = dataUrl;
    });
    script.onerror = () => {
      finish();
      reject(new Error(`could not load ${url}`));
    };
    script.onload = () => {
      if (!waiting.has(script)) return;
      finish();
      reject(new Error(`${url} held no image`));
    };
    script.src = offlineImageScriptPath(url);
    document.head.append(script);
  });
}
