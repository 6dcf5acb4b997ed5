/** The 3D model media pipeline: reads GLB, glTF, OBJ and PLY, optimises to one GLB, renders a poster. */
export { convertModel, detectModelFormat, MAX_TEXTURE_SIZE, type ConvertModelOptions } from './convert-model.js';
export { buildDemoModel } from './demo-model.js';
export { measureBounds, measureDocument } from './model-stats.js';
export { POSTER_HEIGHT, POSTER_WIDTH, renderPoster } from './render-poster.js';
