import { events, Viewer, type NavbarCustomButton } from '@photo-sphere-viewer/core';
import { AutorotatePlugin } from '@photo-sphere-viewer/autorotate-plugin';
import { CubemapTilesAdapter } from '@photo-sphere-viewer/cubemap-tiles-adapter';
import { GalleryPlugin } from '@photo-sphere-viewer/gallery-plugin';
import { GyroscopePlugin } from '@photo-sphere-viewer/gyroscope-plugin';
import { MarkersPlugin } from '@photo-sphere-viewer/markers-plugin';
import { StereoPlugin } from '@photo-sphere-viewer/stereo-plugin';
import type { Hotspot, Tour, TourScene, ViewDirection } from '@spatia/contract';
import '@photo-sphere-viewer/core/index.css';
import '@photo-sphere-viewer/markers-plugin/index.css';
import '@photo-sphere-viewer/gallery-plugin/index.css';
import './tour-viewer.css';
import { escapeHtml, trustedHtml } from '../shared/html';
import { DrawnPlugin } from './drawn-plugin';
import { createTourEditing, type TourEditing } from './editing';
import { galleryBehaviour } from './gallery';
import { hotspotMarker, infoPanelHtml, type HotspotContext, type HotspotMarkerData } from './hotspots';
import { isImmersiveVrSupported, startImmersiveTour, type ImmersiveTour } from './immersive';
import { readDeviceProfile, selectLevels, type DeviceProfile, type SelectedLevel } from './levels';
import { needsMotionPermission, requestMotionPermission, showMotionPrompt } from './motion-prompt';
import { BackgroundMusic } from './music';
import { SceneImagesPlugin, type SceneImageLoader } from './scene-images';
import { psvLang, VIEWER_STRINGS, type ViewerLanguage } from './strings';
import { thumbnailUrl, tilesPanorama, type TilesPanorama } from './urls';
import { toPosition, zoomForHorizontalFov } from './view';

export interface TourViewerOptions {
  language: ViewerLanguage;
  /** The scene to open; the first of the tour when absent or unknown. */
  startSceneId?: string;
  onSceneChange?: (sceneId: string) => void;
  /**
   * Once, after the first frame with the opening scene's base faces drawn (tiles may still be coming):
   * a page that showed a picture in the viewer's place takes it away then.
   */
  onFirstFrame?: () => void;
  /**
   * 'edit' is for the console's tour editor: hotspots neither travel nor open, pointer presses on them
   * go to `handle.editing` listeners instead of turning the view, and nothing plays by itself (no
   * autorotate, music, motion prompt, gallery or VR button).
   */
  mode?: 'view' | 'edit';
  /** Replaces the measured device (tests, fixtures). */
  deviceProfile?: DeviceProfile;
  /** How base faces and tiles are read; by default over HTTP. The offline page reads them from scripts. */
  loadImage?: SceneImageLoader;
}

export interface GoToSceneOptions {
  /** Fade with a turn towards the new view (default) or cut at once. */
  transition?: boolean;
  /** Overrides the scene's initial view and field of view. */
  view?: ViewDirection;
  fov?: number;
}

export interface TourViewerHandle {
  /** Photo Sphere Viewer itself, for what this handle does not cover. */
  readonly viewer: Viewer;
  readonly currentSceneId: string;
  goToScene(sceneId: string, options?: GoToSceneOptions): Promise<void>;
  /** Tells `listener` of every scene reached from now on (besides `options.onSceneChange`); returns the unsubscribe. */
  onSceneChange(listener: (sceneId: string) => void): () => void;
  /** The console editor's hooks (README "Editing"). */
  readonly editing: TourEditing;
  destroy(): void;
}

const TRANSITION = { speed: 1500, rotation: true, effect: 'fade' } as const;
const INFO_PANEL_ID = 'spv-info';
const MUSIC_BUTTON_ID = 'spv-music';
const VR_BUTTON_ID = 'spv-vr';
const MOTION_DISMISSED_KEY = 'spatia-viewer-motion-prompt';

const MUSIC_ICON = trustedHtml(
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path class="spv-music-note" fill="currentColor" d="M9 17.5a2.5 2.5 0 1 1-2-2.45V5l11-2v11.5a2.5 2.5 0 1 1-2-2.45V6.2l-7 1.3z"/><path class="spv-music-slash" stroke="currentColor" stroke-width="2" d="M3 3l18 18"/></svg>',
);
const VR_ICON = trustedHtml(
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M3 7h18a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1h-5.2l-2-2.6a1 1 0 0 0-1.6 0l-2 2.6H3a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1zm4.5 3a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm9 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4z"/></svg>',
);

/** A panorama tour in `container`: scenes, hotspots, transitions and the controls of README "Viewer". */
export function createTourViewer(container: HTMLElement, tour: Tour, options: TourViewerOptions): TourViewerHandle {
  if (tour.scenes.length === 0) throw new Error('createTourViewer: the tour has no scenes');
  const editMode = options.mode === 'edit';
  const strings = VIEWER_STRINGS[options.language];
  const profile = options.deviceProfile ?? readDeviceProfile();
  // A copy: the editor changes hotspots through the handle, and they must survive a scene switch.
  const scenes = new Map<string, TourScene>(tour.scenes.map((scene) => [scene.id, structuredClone(scene)]));
  const sceneNames = new Map(tour.scenes.map((scene) => [scene.id, scene.name]));
  const context: HotspotContext = { strings, sceneNames };
  const start = scenes.get(options.startSceneId ?? '') ?? scenes.get(tour.scenes[0]!.id)!;

  const levelsByScene = new Map<string, SelectedLevel[]>();
  const levelsFor = (scene: TourScene) => {
    let levels = levelsByScene.get(scene.id);
    if (!levels) levelsByScene.set(scene.id, (levels = selectLevels(scene.panorama.levels, profile)));
    return levels;
  };
  // One object per scene: the gallery finds the current scene by comparing panoramas.
  const panoramas = new Map<string, TilesPanorama>();
  const panoramaOf = (scene: TourScene) => {
    let panorama = panoramas.get(scene.id);
    if (!panorama) panoramas.set(scene.id, (panorama = tilesPanorama(scene, levelsFor(scene))));
    return panorama;
  };

  const handheld = profile.handheld;
  const galleryOptions = galleryBehaviour(tour, { editMode, handheld, height: container.clientHeight });
  const showGallery = galleryOptions !== null;
  const autorotate = !editMode && tour.autorotateDelay > 0;
  const markersOf = (scene: TourScene) => scene.hotspots.map((hotspot) => hotspotMarker(hotspot, context));
  const plugins: NonNullable<ConstructorParameters<typeof Viewer>[0]['plugins']> = [
    [MarkersPlugin, { defaultHoverScale: !handheld && !editMode, markers: markersOf(start) }],
  ];
  if (options.loadImage) plugins.push([SceneImagesPlugin, options.loadImage]);
  if (autorotate) {
    plugins.push([
      AutorotatePlugin,
      { autostartDelay: tour.autorotateDelay * 1000, autostartOnIdle: true, autorotateSpeed: '1rpm', autorotatePitch: 0 },
    ]);
  }
  if (galleryOptions) plugins.push([GalleryPlugin, { ...galleryOptions, thumbnailSize: { width: 160, height: 80 } }]);
  if (handheld && !editMode) plugins.push([GyroscopePlugin, {}], [StereoPlugin, {}]);
  // Last: it counts the image loads through whatever loader the plugins before it put in place.
  plugins.push(DrawnPlugin);

  let music: BackgroundMusic | null = null;
  let immersiveSession: ImmersiveTour | null = null;
  const navbar: (string | NavbarCustomButton)[] = [];
  if (!handheld) navbar.push('zoom');
  if (autorotate) navbar.push('autorotate');
  if (showGallery) navbar.push('gallery');
  navbar.push('caption');
  if (!editMode && tour.musicUrl) {
    navbar.push({
      id: MUSIC_BUTTON_ID,
      title: strings.musicPlay,
      className: 'spv-music-button',
      content: MUSIC_ICON.toString(),
      onClick: () => music?.toggle(),
    });
  }
  if (handheld && !editMode) navbar.push('gyroscope', 'stereo');
  if (!editMode) {
    navbar.push({ id: VR_BUTTON_ID, title: strings.enterVr, content: VR_ICON.toString(), visible: false, onClick: () => enterImmersive() });
  }
  navbar.push('fullscreen');

  const aspect = () => (container.clientWidth > 0 && container.clientHeight > 0 ? container.clientWidth / container.clientHeight : 16 / 9);
  const startPosition = toPosition(start.initialView);
  const viewer = new Viewer({
    container,
    adapter: CubemapTilesAdapter.withConfig({ showErrorTile: true }),
    panorama: panoramaOf(start),
    caption: sceneCaption(start),
    defaultYaw: startPosition.yaw,
    defaultPitch: startPosition.pitch,
    defaultZoomLvl: zoomForHorizontalFov(start.fov, aspect()),
    defaultTransition: TRANSITION,
    lang: psvLang(strings),
    loadingTxt: escapeHtml(strings.loading),
    navbar,
    plugins,
    touchmoveTwoFingers: false,
    mousewheelCtrlKey: false,
  });
  container.classList.add('spv-tour');
  if (options.onFirstFrame) {
    const onFirstFrame = options.onFirstFrame;
    // `ready` comes when the first panorama is in place, before its first render.
    viewer.addEventListener(
      events.ReadyEvent.type,
      () => viewer.addEventListener(events.RenderEvent.type, () => onFirstFrame(), { once: true }),
      {
        once: true,
      },
    );
  }
  const markers = viewer.getPlugin<MarkersPlugin>(MarkersPlugin);
  const gallery = showGallery ? viewer.getPlugin<GalleryPlugin>(GalleryPlugin) : null;
  const gyroscope = handheld && !editMode ? viewer.getPlugin<GyroscopePlugin>(GyroscopePlugin) : null;

  let currentId = start.id;
  let switching = 0;
  let destroyed = false;
  const sceneListeners = new Set<(sceneId: string) => void>();

  const goToScene = async (sceneId: string, goOptions: GoToSceneOptions = {}) => {
    const scene = scenes.get(sceneId);
    if (!scene) return;
    const attempt = ++switching;
    currentId = scene.id;
    viewer.panel.hide(INFO_PANEL_ID);
    markers.clearMarkers();
    const done = await viewer
      .setPanorama(panoramaOf(scene), {
        position: toPosition(goOptions.view ?? scene.initialView),
        zoom: zoomForHorizontalFov(goOptions.fov ?? scene.fov, aspect()),
        caption: sceneCaption(scene),
        transition: goOptions.transition === false ? false : TRANSITION,
      })
      .catch(() => false);
    // A later switch took over: it sets its own markers.
    if (attempt !== switching) return;
    markers.setMarkers(markersOf(scene));
    if (done === false) return;
    options.onSceneChange?.(scene.id);
    for (const listener of [...sceneListeners]) listener(scene.id);
  };

  const activateHotspot = (hotspotId: string) => {
    if (editMode) return;
    const hotspot = scenes.get(currentId)?.hotspots.find((item) => item.id === hotspotId);
    if (!hotspot) return;
    if (hotspot.kind === 'link') {
      void goToScene(hotspot.targetSceneId);
    } else {
      viewer.panel.show({ id: INFO_PANEL_ID, content: infoPanelHtml(hotspot, strings), width: '360px' });
    }
  };

  markers.addEventListener('select-marker', ({ marker }) => {
    const data = marker.data as HotspotMarkerData | undefined;
    if (data) activateHotspot(data.hotspotId);
  });

  // Keyboard: each hotspot is a button; Enter or Space uses it, focus shows its tooltip.
  const hotspotIdOf = (target: EventTarget | null) =>
    (target instanceof Element ? target.closest<HTMLElement>('.spv-hotspot')?.dataset['hotspotId'] : undefined) ?? null;
  const onKeyDown = (event: KeyboardEvent) => {
    const hotspotId = hotspotIdOf(event.target);
    if (!hotspotId || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    event.stopPropagation();
    activateHotspot(hotspotId);
  };
  const toggleTooltip = (event: FocusEvent, shown: boolean) => {
    const hotspotId = hotspotIdOf(event.target);
    if (!hotspotId) return;
    try {
      if (shown) markers.showMarkerTooltip(hotspotId);
      else markers.hideMarkerTooltip(hotspotId);
    } catch {
      // The marker went away with a scene switch.
    }
  };
  const onFocusIn = (event: FocusEvent) => toggleTooltip(event, true);
  const onFocusOut = (event: FocusEvent) => toggleTooltip(event, false);
  // Arrow keys turn the view while focus is inside the viewer, not on the whole page.
  viewer.container.tabIndex = 0;
  viewer.container.setAttribute('aria-label', tour.name);
  const onFocusWithin = () => viewer.startKeyboardControl();
  const onFocusLeave = (event: FocusEvent) => {
    if (!viewer.container.contains(event.relatedTarget as Node | null) && !viewer.isFullscreenEnabled()) viewer.stopKeyboardControl();
  };
  viewer.container.addEventListener('focusin', onFocusWithin);
  viewer.container.addEventListener('focusout', onFocusLeave);
  viewer.container.addEventListener('keydown', onKeyDown);
  viewer.container.addEventListener('focusin', onFocusIn);
  viewer.container.addEventListener('focusout', onFocusOut);

  if (gallery) {
    gallery.setItems(
      tour.scenes.map((scene) => galleryItem(scene, panoramaOf(scenes.get(scene.id)!))),
      (id) => void goToScene(String(id)),
    );
  }

  if (!editMode && tour.musicUrl) {
    music = new BackgroundMusic(tour.musicUrl, container, (playing) => {
      const button = viewer.navbar.getButton(MUSIC_BUTTON_ID, false);
      if (!button) return;
      const title = playing ? strings.musicMute : strings.musicPlay;
      button.container.classList.toggle('spv-music-button--playing', playing);
      button.container.title = title;
      button.container.setAttribute('aria-label', title);
    });
  }

  let removeMotionPrompt: (() => void) | null = null;
  if (gyroscope && !sessionStorageGet(MOTION_DISMISSED_KEY)) {
    void gyroscope.isSupported().then((supported) => {
      if (!supported || destroyed) return;
      removeMotionPrompt = showMotionPrompt(viewer.container, strings, (enable) => {
        sessionStorageSet(MOTION_DISMISSED_KEY, '1');
        if (!enable) return;
        // Synchronously inside the tap, as iOS requires; the plugin asks again and gets the same answer.
        const permission = needsMotionPermission() ? requestMotionPermission() : Promise.resolve(true);
        void permission.then((granted) => {
          if (granted) void gyroscope.start().catch(() => undefined);
          else viewer.notification.show({ content: escapeHtml(strings.motionDenied), timeout: 5000 });
        });
      });
    });
  }

  const enterImmersive = () => {
    if (immersiveSession) return;
    const position = viewer.getPosition();
    startImmersiveTour({
      scenes,
      startSceneId: currentId,
      startYaw: position.yaw,
      levelsFor,
      context,
      loadImage: options.loadImage,
      closeHint: strings.vrClose,
      onEnd: (sceneId) => {
        immersiveSession = null;
        if (!destroyed && sceneId !== currentId) void goToScene(sceneId, { transition: false });
      },
    }).then(
      (session) => {
        immersiveSession = session;
      },
      () => viewer.notification.show({ content: escapeHtml(strings.vrFailed), timeout: 5000 }),
    );
  };
  if (!editMode) {
    void isImmersiveVrSupported().then((supported) => {
      if (supported && !destroyed) viewer.navbar.getButton(VR_BUTTON_ID, false)?.show();
    });
  }

  const editing = createTourEditing({
    viewer,
    markers,
    editMode,
    scene: () => scenes.get(currentId)!,
    toMarker: (hotspot: Hotspot) => hotspotMarker(hotspot, context),
    aspect,
  });

  return {
    viewer,
    get currentSceneId() {
      return currentId;
    },
    goToScene,
    onSceneChange: (listener) => {
      sceneListeners.add(listener);
      return () => sceneListeners.delete(listener);
    },
    editing,
    destroy: () => {
      if (destroyed) return;
      destroyed = true;
      sceneListeners.clear();
      removeMotionPrompt?.();
      music?.destroy();
      void immersiveSession?.end();
      editing.dispose();
      viewer.container.removeEventListener('focusin', onFocusWithin);
      viewer.container.removeEventListener('focusout', onFocusLeave);
      viewer.container.removeEventListener('keydown', onKeyDown);
      viewer.container.removeEventListener('focusin', onFocusIn);
      viewer.container.removeEventListener('focusout', onFocusOut);
      viewer.destroy();
      container.classList.remove('spv-tour');
    },
  };
}

/**
 * The navbar caption (and the notification its button opens on narrow screens): Photo Sphere Viewer
 * writes it with innerHTML, so the scene's name goes in escaped.
 */
export function sceneCaption(scene: Pick<TourScene, 'name'>): string {
  return escapeHtml(scene.name);
}

/**
 * A scene in the gallery strip. GalleryPlugin pastes `id`, `name` and `thumbnail` into an HTML template
 * (and reads `id` back from the attribute it wrote, decoded): all three go in escaped.
 */
export function galleryItem(scene: TourScene, panorama: TilesPanorama) {
  return { id: escapeHtml(scene.id), name: escapeHtml(scene.name), thumbnail: escapeHtml(thumbnailUrl(scene)), panorama };
}

function sessionStorageGet(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function sessionStorageSet(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Private modes may refuse storage; the prompt then comes back on the next visit.
  }
}
