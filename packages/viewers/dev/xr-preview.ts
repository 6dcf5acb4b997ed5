/**
 * Dev page (not built): renders the headset's scene (immersive-scene.ts) with a plain camera next to
 * the 2D viewer, at the same direction, to check that both show the panorama the same way round.
 * The screenshot script serves it with Vite and the fixture under /fixture/.
 *   /xr-preview.html?scene=a1&yaw=0&pitch=0&fov=80
 */
import type { Tour } from '@spatia/contract';
import { PerspectiveCamera, WebGLRenderer, LinearSRGBColorSpace } from 'three';
import { createTourViewer } from '../src/tour/index';
import { immersiveLevel, ImmersiveScene, worldTurnFor } from '../src/tour/immersive-scene';
import { readDeviceProfile, selectLevels } from '../src/tour/levels';
import { VIEWER_STRINGS } from '../src/tour/strings';
import { verticalFov } from '../src/tour/view';

const query = new URLSearchParams(location.search);
const yaw = Number(query.get('yaw') ?? 0);
const pitch = Number(query.get('pitch') ?? 0);
const fov = Number(query.get('fov') ?? 80);

const tour = (await (await fetch('/fixture/tour.json')).json()) as Tour;
for (const scene of tour.scenes) scene.baseUrl = `/fixture/${scene.baseUrl}`;
const scene = tour.scenes.find((item) => item.id === query.get('scene')) ?? tour.scenes[0]!;

const flat = createTourViewer(
  document.getElementById('flat')!,
  { ...tour, gallery: false, musicUrl: null },
  { language: 'en', startSceneId: scene.id, mode: 'edit' },
);
flat.viewer.addEventListener('ready', () => flat.editing.setView({ yaw, pitch }, fov), { once: true });

const canvas = document.getElementById('immersive') as HTMLCanvasElement;
const renderer = new WebGLRenderer({ canvas });
renderer.outputColorSpace = LinearSRGBColorSpace;
const aspect = canvas.width / canvas.height;
const camera = new PerspectiveCamera(verticalFov(fov, aspect), aspect, 0.05, 100);
camera.rotation.x = (pitch * Math.PI) / 180;
const immersive = new ImmersiveScene();
immersive.showScene(scene, immersiveLevel(selectLevels(scene.panorama.levels, readDeviceProfile())), {
  strings: VIEWER_STRINGS.en,
  sceneNames: new Map(tour.scenes.map((item) => [item.id, item.name])),
});
immersive.world.rotation.y = worldTurnFor((yaw * Math.PI) / 180, { x: 0, z: -1 });
renderer.setAnimationLoop((time) => {
  immersive.update(time);
  renderer.render(immersive.scene, camera);
});
setTimeout(() => document.body.setAttribute('data-ready', ''), 4000);
