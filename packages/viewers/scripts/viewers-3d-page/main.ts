// The fixture page: ?viewer=model|pointcloud&lang=zh|en&editable=1&budget=N&modelUrl=…
// Files come from /fixture/ (scripts/make-3d-fixture.mjs). Events land on window.__events for the checks.
import type { Measurement, ModelManifest, PointCloudManifest } from '@spatia/contract';

interface FixtureWindow {
  __events: { type: string; detail: unknown }[];
  __handle: unknown;
}
const log = ((window as unknown as FixtureWindow).__events = [] as FixtureWindow['__events']);
const record = (type: string) => (detail: unknown) => log.push({ type, detail });

const query = new URLSearchParams(location.search);
const language = query.get('lang') === 'zh' ? 'zh' : 'en';
const container = document.getElementById('viewer')!;

if (query.get('viewer') === 'model') {
  const { mountModelViewer } = await import('../../src/model/index');
  const manifest = (await (await fetch('/fixture/model/manifest.json')).json()) as ModelManifest;
  (window as unknown as FixtureWindow).__handle = mountModelViewer(container, {
    modelUrl: query.get('modelUrl') ?? '/fixture/model/model.glb',
    posterUrl: query.get('poster') ?? undefined,
    manifest,
    language,
    onProgress: record('progress'),
    onError: (error) => log.push({ type: 'error', detail: error.message }),
  });
} else {
  const { mountPointCloudViewer } = await import('../../src/pointcloud/index');
  const manifest = (await (await fetch('/fixture/pointcloud/manifest.json')).json()) as PointCloudManifest;
  const measurements = (await (await fetch('/fixture/pointcloud/measurements.json')).json()) as Measurement[];
  (window as unknown as FixtureWindow).__handle = mountPointCloudViewer(container, {
    octreeUrl: '/fixture/pointcloud/octree.bin',
    manifest,
    measurements: query.get('empty') ? [] : measurements,
    editable: query.get('editable') === '1',
    language,
    pointBudget: query.get('budget') ? Number(query.get('budget')) : undefined,
    onMeasurementsChange: record('measurements'),
    onStats: record('stats'),
  });
}
