import * as THREE from 'three';
import { USDZExporter } from 'three/examples/jsm/exporters/USDZExporter.js';
import * as WebGLTextureUtils from 'three/examples/jsm/utils/WebGLTextureUtils.js';
import { sceneViewerIntentUrl } from './ar';
import type { ModelViewerStrings } from './strings';

/** AR Quick Look: the model exported to USDZ in the browser, opened through an `<a rel="ar">` click. */
export async function openQuickLook(model: THREE.Object3D): Promise<void> {
  const exporter = new USDZExporter();
  // KTX2 textures arrive as compressed GPU textures; USDZ needs them decoded back to images.
  exporter.setTextureUtils(WebGLTextureUtils);
  const bytes = await exporter.parseAsync(model, { quickLookCompatible: true });
  const url = URL.createObjectURL(new Blob([bytes], { type: 'model/vnd.usdz+zip' }));
  const link = document.createElement('a');
  link.rel = 'ar';
  link.href = url;
  // Safari only treats the link as AR Quick Look when its first child is an image.
  link.appendChild(document.createElement('img'));
  link.click();
  // Quick Look has read the file once it opens; keep the URL a while for slow devices.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function openSceneViewer(modelUrl: string): void {
  const link = document.createElement('a');
  link.href = sceneViewerIntentUrl(modelUrl, window.location.href, document.title);
  link.click();
}

export interface WebXrArSession {
  end(): void;
}

/**
 * An `immersive-ar` session on the viewer's renderer: a reticle follows the hit-test result on real
 * surfaces, a tap (select) places the model there at its real size (glTF metres), standing on its base.
 */
export async function startWebXrAr(options: {
  renderer: THREE.WebGLRenderer;
  model: THREE.Object3D;
  overlayParent: HTMLElement;
  strings: ModelViewerStrings;
  onEnd: () => void;
}): Promise<WebXrArSession> {
  const { renderer, strings } = options;
  const xr = navigator.xr;
  if (!xr) throw new Error('WebXR is not available');

  const overlay = document.createElement('div');
  overlay.className = 's3d-ar-overlay';
  const hint = document.createElement('p');
  hint.textContent = strings.arPlaceHint;
  const exit = document.createElement('button');
  exit.type = 'button';
  exit.className = 's3d-ar-exit';
  exit.textContent = strings.arExit;
  overlay.append(hint, exit);
  options.overlayParent.appendChild(overlay);

  let session: XRSession;
  try {
    session = await xr.requestSession('immersive-ar', {
      requiredFeatures: ['hit-test'],
      optionalFeatures: ['dom-overlay', 'light-estimation'],
      domOverlay: { root: overlay },
    });
  } catch (error) {
    overlay.remove();
    throw error;
  }

  const scene = new THREE.Scene();
  scene.add(new THREE.HemisphereLight(0xffffff, 0x888888, 2.5));
  const sun = new THREE.DirectionalLight(0xffffff, 1.5);
  sun.position.set(1, 3, 2);
  scene.add(sun);
  const camera = new THREE.PerspectiveCamera();

  // The model with its base centred on the origin, so placing it puts it on the floor.
  const placed = new THREE.Group();
  const copy = options.model.clone(true);
  const box = new THREE.Box3().setFromObject(copy);
  const centre = box.getCenter(new THREE.Vector3());
  copy.position.sub(new THREE.Vector3(centre.x, box.min.y, centre.z));
  placed.add(copy);
  placed.visible = false;
  scene.add(placed);

  const reticle = new THREE.Mesh(
    new THREE.RingGeometry(0.08, 0.1, 40).rotateX(-Math.PI / 2),
    new THREE.MeshBasicMaterial({ color: 0xffffff }),
  );
  reticle.matrixAutoUpdate = false;
  reticle.visible = false;
  scene.add(reticle);

  const viewerSpace = await session.requestReferenceSpace('viewer');
  const hitTestSource = await session.requestHitTestSource?.({ space: viewerSpace });

  const onSelect = () => {
    if (!reticle.visible) return;
    placed.position.setFromMatrixPosition(reticle.matrix);
    placed.visible = true;
    hint.hidden = true;
  };
  session.addEventListener('select', onSelect);

  renderer.xr.enabled = true;
  renderer.xr.setReferenceSpaceType('local');
  await renderer.xr.setSession(session);

  renderer.setAnimationLoop((_time, frame) => {
    if (frame && hitTestSource) {
      const referenceSpace = renderer.xr.getReferenceSpace();
      const hit = referenceSpace ? frame.getHitTestResults(hitTestSource)[0] : undefined;
      const pose = hit && referenceSpace ? hit.getPose(referenceSpace) : undefined;
      reticle.visible = Boolean(pose);
      if (pose) reticle.matrix.fromArray(pose.transform.matrix);
    }
    renderer.render(scene, camera);
  });

  let ended = false;
  const cleanUp = () => {
    if (ended) return;
    ended = true;
    hitTestSource?.cancel();
    session.removeEventListener('select', onSelect);
    renderer.setAnimationLoop(null);
    renderer.xr.enabled = false;
    reticle.geometry.dispose();
    (reticle.material as THREE.Material).dispose();
    overlay.remove();
    options.onEnd();
  };
  session.addEventListener('end', cleanUp);
  exit.addEventListener('click', () => void session.end().catch(cleanUp));

  return {
    end: () => {
      void session.end().catch(cleanUp);
    },
  };
}
