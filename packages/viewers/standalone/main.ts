import { pickBrowserLanguage } from '@spatia/contract';
import { attachNarration } from '../src/narration/index';
import { createTourViewer, isViewerLanguage, VIEWER_STRINGS, type ViewerLanguage } from '../src/tour/index';
import { loadImageFromScript, readPackagedNarration, readPackagedTour } from './packaged-files';
import './standalone.css';

/**
 * The offline package's page: `tour.js` loaded before this script, scene folders with relative `baseUrl`s.
 * `?lang=zh|en` picks the language (else the browser's, else Chinese); `?scene=<id>` the first scene,
 * kept up to date so that a copied address opens where the person was.
 */
const container = document.getElementById('tour')!;
const query = new URLSearchParams(window.location.search);
const language = pickLanguage(query.get('lang'), navigator.languages ?? [navigator.language]);
document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';

const tour = readPackagedTour();
if (tour) document.title = tour.name;
if (!tour) {
  showMessage(VIEWER_STRINGS[language].tourLoadFailed);
} else if (tour.scenes.length === 0) {
  showMessage(VIEWER_STRINGS[language].noScenes);
} else {
  const viewer = createTourViewer(container, tour, {
    language,
    startSceneId: query.get('scene') ?? undefined,
    loadImage: loadImageFromScript,
    onSceneChange: (sceneId) => {
      const next = new URLSearchParams(window.location.search);
      next.set('scene', sceneId);
      history.replaceState(null, '', `?${next.toString()}${window.location.hash}`);
    },
  });
  // The package's narrated guide, when its tour has one published (docs/narrations.md).
  const narration = readPackagedNarration(language);
  if (narration) attachNarration(viewer, container, narration, { language });
}

function pickLanguage(asked: string | null, browser: readonly string[]): ViewerLanguage {
  return isViewerLanguage(asked) ? asked : pickBrowserLanguage(browser);
}

function showMessage(text: string): void {
  const message = document.createElement('p');
  message.className = 'tour__message';
  message.setAttribute('role', 'alert');
  message.textContent = text;
  container.replaceChildren(message);
}
