import type { NarrationScene, PublicNarration } from '@spatia/contract';
import type { ViewerLanguage } from '../shared/language';
import { fill, NARRATION_STRINGS } from './strings';
import './narration-player.css';

/** What the player needs of a tour viewer (`TourViewerHandle` has it). */
export interface NarratedTour {
  readonly currentSceneId: string;
  goToScene(sceneId: string): Promise<void>;
  onSceneChange(listener: (sceneId: string) => void): () => void;
}

export interface NarrationPlayerOptions {
  language: ViewerLanguage;
}

export interface NarrationPlayerHandle {
  readonly playing: boolean;
  play(): void;
  pause(): void;
  destroy(): void;
}

/** How long a scene with text but no clip stays, while playing, before auto-advance moves on. */
export function readingMs(text: string): number {
  return Math.min(20_000, Math.max(4_000, [...text].length * 120));
}

/** The narrated scene after `sceneId` in the guide's (the tour's) order, or undefined at the end. */
export function nextNarratedScene(guide: Pick<PublicNarration, 'scenes'>, sceneId: string): NarrationScene | undefined {
  const index = guide.scenes.findIndex((scene) => scene.sceneId === sceneId);
  if (index === -1) return guide.scenes[0];
  return guide.scenes[index + 1];
}

const PLAY_PATH = 'M8 5v14l11-7z';
const PAUSE_PATH = 'M7 5h4v14H7zm6 0h4v14h-4z';
const SVG = 'http://www.w3.org/2000/svg';

/** The play or pause icon, built as elements (no markup is written into the page: shared/html.test.ts). */
function icon(pathData: string): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('fill', 'currentColor');
  path.setAttribute('d', pathData);
  svg.append(path);
  return svg;
}

/**
 * A narrated guide over a tour viewer: a bar at the bottom of `container` with play/pause, the scene's
 * text as a caption panel, and the clip's progress. It follows the viewer's scene: a change shows that
 * scene's text and, while playing, plays its clip; when a clip (or a text-only scene's reading time) ends
 * and the guide auto-advances, it takes the viewer to the next narrated scene. Playback starts only when
 * the person presses play (browsers' autoplay rules). Texts are set as text, never as HTML.
 */
export function attachNarration(
  tour: NarratedTour,
  container: HTMLElement,
  guide: PublicNarration,
  options: NarrationPlayerOptions,
): NarrationPlayerHandle {
  const strings = NARRATION_STRINGS[options.language];
  const byScene = new Map(guide.scenes.map((scene) => [scene.sceneId, scene]));
  const narratedIds = guide.scenes.map((scene) => scene.sceneId);

  const root = document.createElement('section');
  root.className = 'spv-narration';
  root.setAttribute('aria-label', fill(strings.region, { title: guide.title }));
  root.dataset.testid = 'narration-player';
  root.lang = guide.language === 'zh' ? 'zh-CN' : 'en';

  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'spv-narration__play';
  button.dataset.testid = 'narration-play';

  const body = document.createElement('div');
  body.className = 'spv-narration__body';
  const heading = document.createElement('p');
  heading.className = 'spv-narration__heading';
  const title = document.createElement('span');
  title.className = 'spv-narration__title';
  title.textContent = guide.title;
  const position = document.createElement('span');
  position.className = 'spv-narration__position';
  heading.append(title, position);
  const text = document.createElement('p');
  text.className = 'spv-narration__text';
  text.dataset.testid = 'narration-text';
  text.setAttribute('aria-live', 'polite');
  const progress = document.createElement('div');
  progress.className = 'spv-narration__progress';
  const bar = document.createElement('span');
  progress.append(bar);
  body.append(heading, text, progress);

  const toggleText = document.createElement('button');
  toggleText.type = 'button';
  toggleText.className = 'spv-narration__toggle';

  const audio = document.createElement('audio');
  audio.preload = 'metadata';
  audio.dataset.testid = 'narration-audio';
  root.append(button, body, toggleText, audio);
  container.append(root);

  let playing = false;
  let textHidden = false;
  let sceneId = tour.currentSceneId;
  let readingTimer: ReturnType<typeof setTimeout> | undefined;
  let finished = false;

  const render = () => {
    const scene = byScene.get(sceneId);
    button.replaceChildren(icon(playing ? PAUSE_PATH : PLAY_PATH));
    button.setAttribute('aria-label', playing ? strings.pause : strings.play);
    button.title = playing ? strings.pause : strings.play;
    root.classList.toggle('spv-narration--playing', playing);
    root.classList.toggle('spv-narration--text-hidden', textHidden);
    const index = narratedIds.indexOf(sceneId);
    position.textContent = index === -1 ? '' : fill(strings.position, { n: index + 1, total: narratedIds.length });
    text.textContent = finished ? strings.finished : scene?.text || (scene?.audio ? '' : strings.silentScene);
    text.classList.toggle('spv-narration__text--muted', finished || !scene?.text);
    toggleText.textContent = textHidden ? strings.showText : strings.hideText;
    toggleText.setAttribute('aria-expanded', String(!textHidden));
    progress.hidden = !scene?.audio;
  };

  const clearReading = () => {
    if (readingTimer !== undefined) clearTimeout(readingTimer);
    readingTimer = undefined;
  };

  /** Starts the current scene: its clip, or the reading time of its text. */
  const startScene = () => {
    clearReading();
    const scene = byScene.get(sceneId);
    if (scene?.audio) {
      const url = new URL(scene.audio.url, document.baseURI).href;
      if (audio.src !== url) audio.src = url;
      audio.play().catch(() => {
        playing = false;
        render();
      });
    } else {
      audio.pause();
      // A scene the guide says nothing of waits for the person to move on.
      if (scene?.text && guide.autoAdvance) readingTimer = setTimeout(sceneEnded, readingMs(scene.text));
    }
  };

  /** A clip or reading time ran out: on to the next narrated scene, or stop. */
  const sceneEnded = () => {
    clearReading();
    if (!playing) return;
    const next = guide.autoAdvance ? nextNarratedScene(guide, sceneId) : undefined;
    if (next) {
      void tour.goToScene(next.sceneId);
      return;
    }
    playing = false;
    finished = guide.autoAdvance || !byScene.has(sceneId);
    render();
  };

  const play = () => {
    playing = true;
    if (finished) {
      finished = false;
      const first = guide.scenes[0];
      if (first && first.sceneId !== sceneId) {
        render();
        void tour.goToScene(first.sceneId);
        return;
      }
      audio.currentTime = 0;
    }
    render();
    startScene();
  };

  const pause = () => {
    playing = false;
    clearReading();
    audio.pause();
    render();
  };

  button.addEventListener('click', () => (playing ? pause() : play()));
  toggleText.addEventListener('click', () => {
    textHidden = !textHidden;
    render();
  });
  // Keys and presses on the player are its own, not the panorama's.
  for (const type of ['pointerdown', 'keydown', 'wheel'] as const) root.addEventListener(type, (event) => event.stopPropagation());
  audio.addEventListener('ended', sceneEnded);
  audio.addEventListener('timeupdate', () => {
    bar.style.width = audio.duration > 0 ? `${Math.min(100, (audio.currentTime / audio.duration) * 100)}%` : '0';
  });

  const unsubscribe = tour.onSceneChange((id) => {
    if (id === sceneId) return;
    sceneId = id;
    finished = false;
    audio.pause();
    audio.removeAttribute('src');
    bar.style.width = '0';
    render();
    if (playing) startScene();
  });

  render();
  return {
    get playing() {
      return playing;
    },
    play,
    pause,
    destroy: () => {
      unsubscribe();
      clearReading();
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
      root.remove();
    },
  };
}
