/**
 * Dev page (not built): the viewer in edit mode on the fixture tour, as the console's editor uses it.
 * Drag a hotspot to move it; click the panorama to see the direction under the pointer. Every
 * editing event is logged on the right, and as `window.editingLog` for the screenshot script.
 */
import type { Hotspot, Tour } from '@spatia/contract';
import { createTourViewer } from '../src/tour/index';

const tour = (await (await fetch('/fixture/tour.json')).json()) as Tour;
for (const scene of tour.scenes) scene.baseUrl = `/fixture/${scene.baseUrl}`;
const handle = createTourViewer(document.getElementById('viewer')!, tour, { language: 'en', mode: 'edit' });
const log: string[] = [];
(window as unknown as { editingLog: string[] }).editingLog = log;
const write = (line: string) => {
  log.push(line);
  document.getElementById('log')!.textContent = log.join('\n');
};

let dragged: Hotspot | null = null;
handle.editing.onHotspotPointer(({ phase, hotspotId, direction }) => {
  write(`${phase} ${hotspotId} ${direction ? `${direction.yaw},${direction.pitch}` : '-'}`);
  const scene = tour.scenes.find((item) => item.id === handle.currentSceneId)!;
  if (phase === 'down') dragged = scene.hotspots.find((item) => item.id === hotspotId) ?? null;
  if (phase === 'move' && dragged && direction) handle.editing.upsertHotspot({ ...dragged, ...direction });
  if (phase === 'up' || phase === 'cancel') dragged = null;
});
handle.viewer.addEventListener('click', ({ data }) => {
  const direction = handle.editing.directionAt(data.clientX, data.clientY);
  write(`click ${direction ? `${direction.yaw},${direction.pitch}` : '-'}`);
});
handle.viewer.addEventListener('ready', () => write(`ready view ${JSON.stringify(handle.editing.getView())}`), { once: true });
