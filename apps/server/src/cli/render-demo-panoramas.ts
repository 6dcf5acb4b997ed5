import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderSyntheticPanorama } from '../media/panorama/index.js';
import { DEFAULT_DEMO_DIR, DEMO_SCENES } from '../modules/demo/demo-content.js';

/**
 * Renders the demo tour's panoramas at install time (scripts/build.mjs runs this after building the
 * server); the first start on an empty database turns them into the demo work.
 */
mkdirSync(DEFAULT_DEMO_DIR, { recursive: true });
for (const scene of DEMO_SCENES) {
  writeFileSync(path.join(DEFAULT_DEMO_DIR, scene.file), await renderSyntheticPanorama({ width: 4096, height: 2048, label: scene.label }));
}
console.log(`demo panoramas written to ${DEFAULT_DEMO_DIR}`);
