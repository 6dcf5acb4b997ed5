// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OFFLINE_IMAGE_CALLBACK, OFFLINE_NARRATIONS_GLOBAL, OFFLINE_TOUR_GLOBAL, type Tour } from '@spatia/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadImageFromScript, readPackagedNarration, readPackagedTour } from './packaged-files';

/** A 1×1 PNG. */
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const packageGlobals = window as unknown as Record<string, unknown>;

/** Where the loader's scripts land instead of the page's head: happy-dom runs no scripts, the tests play the browser. */
let head: HTMLElement;

beforeEach(() => {
  head = document.createElement('div');
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => head.append(...nodes));
});

/** What a browser does with a script the loader added: runs it (as `document.currentScript`), then fires `event`. */
function runScript(
  script: HTMLScriptElement,
  calls: (callback: (dataUrl: string) => void) => void,
  event: 'load' | 'error' = 'load',
): void {
  const currentScript = vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
  calls(packageGlobals[OFFLINE_IMAGE_CALLBACK] as (dataUrl: string) => void);
  currentScript.mockRestore();
  script.dispatchEvent(new Event(event));
}

const addedScripts = () => [...head.querySelectorAll('script')];

describe('the offline page reads the package', () => {
  it('the tour from what tour.js left on window', () => {
    expect(readPackagedTour()).toBeNull();
    const tour = { name: 'Tour' } as Tour;
    packageGlobals[OFFLINE_TOUR_GLOBAL] = tour;
    expect(readPackagedTour()).toBe(tour);
    delete packageGlobals[OFFLINE_TOUR_GLOBAL];
  });

  it('an image from the script beside it, then removes the script', async () => {
    const image = loadImageFromScript('scenes/a1/tiles/0/front/0_0.jpg');
    const [script] = addedScripts();
    expect(script!.getAttribute('src')).toBe('scenes/a1/tiles/0/front/0_0.jpg.js');
    runScript(script!, (callback) => callback(PIXEL));
    expect((await image).src).toBe(PIXEL);
    expect(addedScripts()).toEqual([]);
  });

  it('answers each request with its own script, whatever order they run in', async () => {
    const first = loadImageFromScript('scenes/a1/base/front.jpg');
    const second = loadImageFromScript('scenes/a1/base/back.jpg');
    const [frontScript, backScript] = addedScripts();
    runScript(backScript!, (callback) => callback(`${PIXEL}#back`));
    runScript(frontScript!, (callback) => callback(`${PIXEL}#front`));
    expect([(await first).src, (await second).src]).toEqual([`${PIXEL}#front`, `${PIXEL}#back`]);
  });

  it('fails when the script is missing or hands over nothing', async () => {
    const missing = loadImageFromScript('scenes/a1/base/top.jpg');
    runScript(addedScripts()[0]!, () => undefined, 'error');
    await expect(missing).rejects.toThrow('could not load scenes/a1/base/top.jpg');
    const empty = loadImageFromScript('scenes/a1/base/left.jpg');
    runScript(addedScripts()[0]!, () => undefined);
    await expect(empty).rejects.toThrow('scenes/a1/base/left.jpg held no image');
    expect(addedScripts()).toEqual([]);
  });
});

describe('the offline page', () => {
  const page = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'public/index.html'), 'utf8');

  it('loads only classic scripts from files, the tour before the viewer: browsers run those from disk too', () => {
    const scripts = [...page.matchAll(/<script\b([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.map(([, attributes]) => attributes!.trim())).toEqual(['src="./tour.js"', 'src="./viewer.js"']);
    // No inline script: the package's policy allows none.
    expect(scripts.every(([, , body]) => body === '')).toBe(true);
    expect(page).not.toMatch(/type="module"|crossorigin/);
    expect(page).toContain('<link rel="stylesheet" href="./viewer.css" />');
  });
});

describe('the offline page reads the narrated guides tour.js left', () => {
  const guide = (language: 'zh' | 'en', scenes = 1) => ({
    id: language === 'zh' ? 1 : 2,
    title: language,
    language,
    autoAdvance: true,
    scenes: Array.from({ length: scenes }, (_, index) => ({ sceneId: `a${index + 1}`, text: 'text', audio: null })),
  });

  it('the one in the page’s language, else the first with scenes, else none', () => {
    expect(readPackagedNarration('zh')).toBeNull();
    packageGlobals[OFFLINE_NARRATIONS_GLOBAL] = [guide('zh', 0), guide('en')];
    expect(readPackagedNarration('zh')?.language).toBe('en');
    packageGlobals[OFFLINE_NARRATIONS_GLOBAL] = [guide('en'), guide('zh')];
    expect(readPackagedNarration('zh')?.language).toBe('zh');
    delete packageGlobals[OFFLINE_NARRATIONS_GLOBAL];
  });
});
