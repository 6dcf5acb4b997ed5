/** The point-cloud media pipeline: converts a LAS, LAZ, PLY or XYZ cloud into an octree, exports it as LAS, draws synthetic clouds. */
export { convertPointCloud, type ConversionTuning, type ConvertPointCloudOptions } from './convert-point-cloud.js';
export { exportPointCloudLas } from './export-las.js';
export { writeSyntheticPointCloud, type SyntheticPointCloudOptions } from './synthetic-point-cloud.js';
