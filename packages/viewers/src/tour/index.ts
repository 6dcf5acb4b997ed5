/**
 * The panorama tour viewer. The web app loads it with `import('@spatia/viewers/tour')`; the
 * standalone build (standalone/) wraps it for offline packages. README.md describes the API.
 */
export { createTourViewer, type GoToSceneOptions, type TourViewerHandle, type TourViewerOptions } from './tour-viewer';
export type { HotspotPointerEvent, HotspotPointerPhase, TourEditing } from './editing';
export { readDeviceProfile, selectLevels, type DeviceProfile, type SelectedLevel } from './levels';
export { isViewerLanguage, VIEWER_LANGUAGES, VIEWER_STRINGS, type ViewerLanguage, type ViewerStrings } from './strings';
