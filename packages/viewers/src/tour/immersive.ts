import type { InfoHotspot, TourScene } from '@spatia/contract';
import {
  BufferGeometry,
  CanvasTexture,
  Line,
  LineBasicMaterial,
  LinearSRGBColorSpace,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  PlaneGeometry,
  Raycaster,
  Vector3,
  WebGLRenderer,
  type XRTargetRaySpace,
} from 'three';
import type { HotspotContext } from './hotspots';
import { drawInfoPanel, directionVector, ImmersiveScene, immersiveLevel, worldTurnFor } from './immersive-scene';
import type { SelectedLevel } from './levels';
import type { SceneImageLoader } from './scene-images';
import { toPosition } from './view';

/**
 * WebXR 'immersive-vr' for headsets. Photo Sphere Viewer has no WebXR mode (its issue #571 is
 * open), so this is a small one of our own on three.js: the scene's cube with the tiles of one level,
 * hotspots as icons picked with the controllers' rays (or a hand's pinch: a transient pointer), info
 * hotspots as a panel of text. The 2D viewer stays as it was behind it and follows the scene the
 * person ended in.
 */

export async function isImmersiveVrSupported(): Promise<boolean> {
  const xr = typeof navigator === 'undefined' ? undefined : navigator.xr;
  if (!xr) return false;
  try {
    return await xr.isSessionSupported('immersive-vr');
  } catch {
    return false;
  }
}

export interface ImmersiveTourOptions {
  scenes: ReadonlyMap<string, TourScene>;
  startSceneId: string;
  /** Where the 2D view looks now (radians): the headset starts facing the same part of the panorama. */
  startYaw: number;
  levelsFor: (scene: TourScene) => SelectedLevel[];
  context: HotspotContext;
  /** As the 2D viewer's (TourViewerOptions). */
  loadImage?: SceneImageLoader;
  closeHint: string;
  /** The session ended (the person left VR); the scene they were in. */
  onEnd: (sceneId: string) => void;
}

export interface ImmersiveTour {
  end(): Promise<void>;
}

/**
 * Starts a session. Call it straight from a click or tap: browsers refuse `requestSession` outside a
 * user gesture, so nothing is awaited before it.
 */
export async function startImmersiveTour(options: ImmersiveTourOptions): Promise<ImmersiveTour> {
  const session = await navigator.xr!.requestSession('immersive-vr', { optionalFeatures: ['local-floor', 'hand-tracking'] });

  const renderer = new WebGLRenderer({ antialias: false, alpha: false });
  renderer.outputColorSpace = LinearSRGBColorSpace; // as Photo Sphere Viewer: image colours pass through
  renderer.xr.enabled = true;
  renderer.xr.setReferenceSpaceType('local');
  const camera = new PerspectiveCamera(70, 1, 0.05, 100);
  const immersive = new ImmersiveScene(options.loadImage);
  const raycaster = new Raycaster();
  const rotation = new Matrix4();
  let panel: Mesh<PlaneGeometry, MeshBasicMaterial> | null = null;
  let currentId = options.startSceneId;

  const show = (sceneId: string, yaw: number, facing: { x: number; z: number }) => {
    const scene = options.scenes.get(sceneId);
    if (!scene) return;
    currentId = sceneId;
    closePanel();
    immersive.showScene(scene, immersiveLevel(options.levelsFor(scene)), options.context);
    immersive.world.rotation.y = worldTurnFor(yaw, facing);
  };

  const closePanel = () => {
    if (!panel) return;
    immersive.scene.remove(panel);
    panel.geometry.dispose();
    panel.material.map?.dispose();
    panel.material.dispose();
    panel = null;
  };

  const openPanel = (hotspot: InfoHotspot) => {
    closePanel();
    const texture = new CanvasTexture(drawInfoPanel(hotspot.title || options.context.strings.infoHotspot, hotspot.text, options.closeHint));
    panel = new Mesh(
      new PlaneGeometry(3.2, 2),
      new MeshBasicMaterial({ map: texture, transparent: true, depthTest: false, depthWrite: false }),
    );
    panel.renderOrder = 3;
    // In front of the hotspot, a little closer than it, facing the viewer.
    const { yaw, pitch } = toPosition(hotspot);
    const local = directionVector(yaw, Math.max(-0.6, Math.min(0.6, pitch)), 5);
    panel.position.copy(local.applyAxisAngle(new Vector3(0, 1, 0), immersive.world.rotation.y));
    panel.lookAt(0, panel.position.y, 0);
    immersive.scene.add(panel);
  };

  /** Where the headset looks now, on the floor plane. */
  const gaze = () => {
    const direction = new Vector3();
    renderer.xr.getCamera().getWorldDirection(direction);
    return direction.x === 0 && direction.z === 0 ? { x: 0, z: -1 } : { x: direction.x, z: direction.z };
  };

  const onSelect = (controller: XRTargetRaySpace) => {
    if (panel) {
      closePanel();
      return;
    }
    rotation.identity().extractRotation(controller.matrixWorld);
    raycaster.ray.origin.setFromMatrixPosition(controller.matrixWorld);
    raycaster.ray.direction.set(0, 0, -1).applyMatrix4(rotation);
    const picked = immersive.pick(raycaster);
    if (!picked) return;
    const { hotspot } = picked;
    if (hotspot.kind === 'info') {
      openPanel(hotspot);
      return;
    }
    const target = options.scenes.get(hotspot.targetSceneId);
    if (target) show(target.id, toPosition(target.initialView).yaw, gaze());
  };

  const rayGeometry = new BufferGeometry().setFromPoints([new Vector3(0, 0, 0), new Vector3(0, 0, -1)]);
  const rayMaterial = new LineBasicMaterial({ color: 0xffffff, transparent: true, opacity: 0.6, depthTest: false });
  for (const index of [0, 1]) {
    const controller = renderer.xr.getController(index);
    const ray = new Line(rayGeometry, rayMaterial);
    ray.scale.z = 6;
    ray.renderOrder = 4;
    ray.visible = false;
    controller.add(ray);
    controller.addEventListener('connected', (event) => {
      // Hands and screen taps have no ray worth drawing; controllers do.
      ray.visible = event.data?.targetRayMode === 'tracked-pointer';
    });
    controller.addEventListener('disconnected', () => (ray.visible = false));
    controller.addEventListener('select', () => onSelect(controller));
    immersive.scene.add(controller);
  }

  let ended = false;
  const finish = () => {
    if (ended) return;
    ended = true;
    renderer.setAnimationLoop(null);
    closePanel();
    immersive.dispose();
    rayGeometry.dispose();
    rayMaterial.dispose();
    renderer.dispose();
    options.onEnd(currentId);
  };
  session.addEventListener('end', finish);

  await renderer.xr.setSession(session);
  show(options.startSceneId, options.startYaw, { x: 0, z: -1 });
  renderer.setAnimationLoop((time) => {
    immersive.update(time);
    renderer.render(immersive.scene, camera);
  });

  return {
    end: async () => {
      if (!ended) await session.end().catch(() => finish());
    },
  };
}
