/** Where `node scripts/build.mjs` puts the standalone viewer: index.html and assets/, to copy into an offline package. */
export declare const standaloneViewerDir: string;
