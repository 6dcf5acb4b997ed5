// Child process of panorama-processing.mjs: one renderPanoramaScene of argv[2] into argv[3] (the built
// server, as the processing job runs it), then its seconds, CPU seconds and peak resident memory as JSON.
import { renderPanoramaScene } from '../apps/server/dist/media/panorama/index.js';

const [source, outDir] = process.argv.slice(2);
const cpuBefore = process.cpuUsage();
const started = process.hrtime.bigint();
await renderPanoramaScene(source, outDir);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const { user, system } = process.cpuUsage(cpuBefore);
// maxRSS is getrusage's peak for the whole process (every thread), in KiB.
console.log(JSON.stringify({ seconds, cpuSeconds: (user + system) / 1e6, peakBytes: process.resourceUsage().maxRSS * 1024 }));
