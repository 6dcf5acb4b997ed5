/**
 * The 3D model viewer. The web app loads it with `import('@spatia/viewers/model')`;
 * docs/viewers-3d.md describes the API.
 */
export { mountModelViewer, type ModelViewerHandle, type ModelViewerOptions } from './model-viewer';
export { chooseArMode, sceneViewerIntentUrl, type ArEnvironment, type ArMode } from './ar';
export { MODEL_VIEWER_STRINGS, type ModelViewerStrings } from './strings';
