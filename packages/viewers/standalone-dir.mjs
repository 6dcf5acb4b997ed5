import { fileURLToPath } from 'node:url';

/** Where `node scripts/build.mjs` puts the standalone viewer: index.html and assets/, to copy into an offline package. */
export const standaloneViewerDir = fileURLToPath(new URL('./dist/standalone/', import.meta.url));
