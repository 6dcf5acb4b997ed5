/**
 * The point-cloud viewer. The web app loads it with `import('@spatia/viewers/pointcloud')`;
 * docs/viewers-3d.md describes the API, the level-of-detail rule and the measurements.
 */
export {
  mountPointCloudViewer,
  type PointCloudStats,
  type PointCloudViewerHandle,
  type PointCloudViewerOptions,
} from './pointcloud-viewer';
export { COLOR_MODES, type ColorMode } from './color-ramp';
export { defaultPointBudget, readDeviceClass, type DeviceClass } from './budget';
export { formatMeasurement, heightDifference, measurementValue, polygonArea, polylineLength } from './measurement-math';
export { POINT_CLOUD_VIEWER_STRINGS, type PointCloudViewerStrings } from './strings';
