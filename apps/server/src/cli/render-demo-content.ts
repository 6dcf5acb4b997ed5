import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MODEL_POSTER_PATH, POINT_CLOUD_PREVIEW_PATH } from '@spatia/contract';
import { buildDemoModel, convertModel } from '../media/model/index.js';
import { renderSyntheticPanorama } from '../media/panorama/index.js';
import { convertPointCloud, writeSyntheticPointCloud } from '../media/pointcloud/index.js';
import {
  DEFAULT_DEMO_DIR,
  DEMO_MODEL_COVER,
  DEMO_MODEL_FILE,
  DEMO_POINT_CLOUD_COVER,
  DEMO_POINT_CLOUD_FILE,
  DEMO_POINT_CLOUD_POINTS,
  DEMO_SCENES,
} from '../modules/demo/demo-content.js';

/**
 * Renders the demo content's files at install time (scripts/build.mjs runs this after building the
 * server): the tour's panoramas, the 3D model and the point cloud. The first start on an empty
 * database turns them into the demo works. The point cloud's cover is written last: the build checks for it.
 */
mkdirSync(DEFAULT_DEMO_DIR, { recursive: true });
for (const scene of DEMO_SCENES) {
  writeFileSync(path.join(DEFAULT_DEMO_DIR, scene.file), await renderSyntheticPanorama({ width: 4096, height: 2048, label: scene.label }));
}
const scratch = mkdtempSync(path.join(os.tmpdir(), 'spatia-demo-'));
try {
  // Covers: the model's poster and the cloud's top view, as processing renders them.
  const model = path.join(DEFAULT_DEMO_DIR, DEMO_MODEL_FILE);
  writeFileSync(model, await buildDemoModel());
  await convertModel({ path: model, fileName: DEMO_MODEL_FILE }, path.join(scratch, 'model'), { temporaryDirectory: scratch });
  copyFileSync(path.join(scratch, 'model', MODEL_POSTER_PATH), path.join(DEFAULT_DEMO_DIR, DEMO_MODEL_COVER));
  const cloud = path.join(DEFAULT_DEMO_DIR, DEMO_POINT_CLOUD_FILE);
  await writeSyntheticPointCloud(cloud, { points: DEMO_POINT_CLOUD_POINTS });
  await convertPointCloud({ path: cloud, fileName: DEMO_POINT_CLOUD_FILE }, path.join(scratch, 'cloud'), { temporaryDirectory: scratch });
  copyFileSync(path.join(scratch, 'cloud', POINT_CLOUD_PREVIEW_PATH), path.join(DEFAULT_DEMO_DIR, DEMO_POINT_CLOUD_COVER));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`demo content written to ${DEFAULT_DEMO_DIR}`);
