// Panorama processing: the whole of renderPanoramaScene (decode, cube projection, four tile levels,
// preview, thumbnail) on a 16384×8192 synthetic panorama, in a child process whose peak resident memory
// it reports, against `vips dzsave` of the same JPEG (a DeepZoom pyramid of the equirectangular image
// itself, tiles of 512, quality 85: libvips's fastest tiling, a floor rather than the same work) in the
// same run. Rounds alternate the order; the figure is the median of the per-round time ratios (ours /
// vips). CPU seconds of both are printed too: a figure a busy, shared machine disturbs less.
// Needs `vips` (Debian libvips-tools; scripts/install-system-deps.sh installs it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format, median, roundOrder, runChildScript } from './lib.mjs';

const WIDTH = 16384;
const HEIGHT = 8192;
const TARGET_RATIO = 1.5;
const TARGET_PEAK_MB = 600;

export async function run({ rounds = 3 } = {}) {
  if (spawnSync('vips', ['--version']).error) {
    console.log('panorama-processing: vips is not installed (scripts/install-system-deps.sh installs libvips-tools); skipped');
    return false;
  }
  const { renderSyntheticPanorama } = await import('../apps/server/dist/media/panorama/index.js');
  const folder = mkdtempSync(path.join(process.env.BENCH_DIR ?? os.tmpdir(), 'spatia-bench-panorama-'));
  try {
    const source = path.join(folder, 'synthetic.jpg');
    writeFileSync(source, await renderSyntheticPanorama({ width: WIDTH, height: HEIGHT, label: 'Bench 基准' }));
    const samples = { ours: [], vips: [], oursCpu: [], vipsCpu: [], peak: [] };
    const ratios = [];
    for (let round = 0; round < rounds; round += 1) {
      const measureOurs = () => {
        const result = renderInChild(source, path.join(folder, `scene-${round}`));
        samples.ours.push(result.seconds);
        samples.oursCpu.push(result.cpuSeconds);
        samples.peak.push(result.peakBytes / 1e6);
      };
      const measureVips = () => {
        const result = dzsave(source, path.join(folder, `dz-${round}`));
        samples.vips.push(result.seconds);
        samples.vipsCpu.push(result.cpuSeconds);
      };
      for (const measureOne of roundOrder(round, [measureVips, measureOurs])) measureOne();
      rmSync(path.join(folder, `scene-${round}`), { recursive: true, force: true });
      rmSync(path.join(folder, `dz-${round}_files`), { recursive: true, force: true });
      ratios.push(samples.ours.at(-1) / samples.vips.at(-1));
    }
    const ratio = median(ratios);
    const peak = Math.max(...samples.peak);
    const pass = ratio <= TARGET_RATIO && peak <= TARGET_PEAK_MB;
    const seconds = (values) => `${format(median(values))} s [rounds: ${values.map((value) => format(value)).join(' ')}]`;
    console.log(`panorama-processing (${WIDTH}×${HEIGHT} synthetic JPEG, ${rounds} rounds, median of per-round ratios)`);
    console.log(`  vips dzsave, 512 tiles, Q=85           ${seconds(samples.vips)}, CPU ${format(median(samples.vipsCpu))} s`);
    console.log(`  renderPanoramaScene, 6 faces × 4 levels ${seconds(samples.ours)}, CPU ${format(median(samples.oursCpu))} s`);
    console.log(
      `  ratio ${format(ratio)}x [rounds: ${ratios.map((value) => format(value)).join(' ')}]  (target <= ${TARGET_RATIO}x: ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'})`,
    );
    console.log(
      `  peak resident memory of the rendering process ${format(peak, 0)} MB [rounds: ${samples.peak.map((value) => format(value, 0)).join(' ')}]` +
        `  (target <= ${TARGET_PEAK_MB} MB: ${peak <= TARGET_PEAK_MB ? 'met' : 'MISSED'})`,
    );
    console.log(
      `  CPU ratio ${format(median(samples.oursCpu) / median(samples.vipsCpu))}x (the cube projection is work dzsave does not do: it only cuts the image)`,
    );
    return pass;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function renderInChild(source, outDir) {
  return runChildScript('bench/panorama-render.mjs', [source, outDir], 'renderPanoramaScene');
}

/** vips dzsave as the brief states it; bash's `times` gives the CPU its child used. */
function dzsave(source, out) {
  const started = process.hrtime.bigint();
  const result = spawnSync(
    'bash',
    ['-c', 'vips dzsave "$0" "$1" --tile-size 512 --overlap 0 --suffix ".jpg[Q=85]" && times', source, out],
    { encoding: 'utf8' },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`vips dzsave failed: ${result.stderr}`);
  const [user, system] = result.stdout.trim().split('\n').at(-1).split(/\s+/).map(minutesAndSeconds);
  return { seconds, cpuSeconds: user + system };
}

/** `1m2.345s` → 62.345 */
function minutesAndSeconds(text) {
  const [, minutes, secondsPart] = /^(\d+)m([\d.]+)s$/.exec(text);
  return Number(minutes) * 60 + Number(secondsPart);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await run()) ? 0 : 1;
}
