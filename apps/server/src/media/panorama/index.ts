/** The panorama media pipeline: checks a source, cuts it into cube tiles, draws synthetic scenes. */
export { inspectPanorama, type PanoramaSize } from './inspect-panorama.js';
export { PanoramaError } from './panorama-error.js';
export { panoramaLevels } from './panorama-levels.js';
export { PREVIEW_SIZE, renderPanoramaScene, THUMB_SIZE, type RenderPanoramaOptions } from './render-panorama-scene.js';
export { renderSyntheticPanorama, type SyntheticPanoramaOptions } from './synthetic-panorama.js';
