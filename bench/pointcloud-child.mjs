// Child process of pointcloud-conversion.mjs: `read SOURCE` decodes every point's x, y, z of a LAS in
// 8 MB reads (the floor no converter beats); `convert SOURCE OUTDIR` runs convertPointCloud (the built
// server, as the processing job runs it). Prints seconds, CPU seconds and peak resident memory as JSON.
import { mkdirSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import path from 'node:path';
import { convertPointCloud } from '../apps/server/dist/media/pointcloud/index.js';

const [mode, source, outDir] = process.argv.slice(2);
const cpuBefore = process.cpuUsage();
const started = process.hrtime.bigint();
let checksum = 0;
if (mode === 'read') {
  const file = openSync(source, 'r');
  const header = Buffer.alloc(227);
  readSync(file, header, 0, 227, 0);
  const offset = header.readUInt32LE(96);
  const recordLength = header.readUInt16LE(105);
  const points = header.readUInt32LE(107);
  const scale = [131, 139, 147].map((at) => header.readDoubleLE(at));
  const origin = [155, 163, 171].map((at) => header.readDoubleLE(at));
  const perRead = Math.floor((8 << 20) / recordLength);
  const buffer = Buffer.allocUnsafeSlow(perRead * recordLength);
  const view = new DataView(buffer.buffer);
  const xyz = new Float64Array(perRead * 3);
  for (let done = 0; done < points;) {
    const count = Math.min(perRead, points - done);
    readSync(file, buffer, 0, count * recordLength, offset + done * recordLength);
    for (let point = 0, at = 0; point < count; point += 1, at += recordLength) {
      xyz[point * 3] = view.getInt32(at, true) * scale[0] + origin[0];
      xyz[point * 3 + 1] = view.getInt32(at + 4, true) * scale[1] + origin[1];
      xyz[point * 3 + 2] = view.getInt32(at + 8, true) * scale[2] + origin[2];
    }
    checksum += xyz[0];
    done += count;
  }
} else {
  mkdirSync(outDir, { recursive: true });
  const temporaryDirectory = mkdtempSync(path.join(path.dirname(outDir), 'tmp-'));
  try {
    const manifest = await convertPointCloud({ path: source, fileName: path.basename(source) }, outDir, { temporaryDirectory });
    checksum = manifest.nodes.length;
  } finally {
    rmSync(temporaryDirectory, { recursive: true, force: true });
  }
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const { user, system } = process.cpuUsage(cpuBefore);
// maxRSS is getrusage's peak for the whole process (every thread), in KiB.
console.log(JSON.stringify({ seconds, cpuSeconds: (user + system) / 1e6, peakBytes: process.resourceUsage().maxRSS * 1024, checksum }));
