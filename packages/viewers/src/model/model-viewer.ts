import { asError } from '@spatia/contract';
import type { ModelManifest } from '@spatia/contract';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { KTX2Loader } from 'three/examples/jsm/loaders/KTX2Loader.js';
import basisTranscoderJsUrl from 'three/examples/jsm/libs/basis/basis_transcoder.js?url';
import basisTranscoderWasmUrl from 'three/examples/jsm/libs/basis/basis_transcoder.wasm?url';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';
import '../shared/viewer-3d.css';
import './model-viewer.css';
import { createIconButton, createToggleButton, ICONS, setButtonLabel, showErrorBox } from '../shared/controls';
import { fillPlaceholders, type ViewerLanguage } from '../shared/language';
import { createViewerRoot, createViewerShell } from '../shared/viewer-shell';
import { chooseArMode, readArEnvironment, type ArMode } from './ar';
import { openQuickLook, openSceneViewer, startWebXrAr, type WebXrArSession } from './ar-launch';
import { fitCameraToBounds, type CameraFit } from './camera-fit';
import { MODEL_VIEWER_STRINGS } from './strings';

export interface ModelViewerOptions {
  /** The optimised GLB (`ModelView.baseUrl + MODEL_FILE_PATH`). */
  modelUrl: string;
  /** Shown over the canvas until the first frame with the model. */
  posterUrl?: string;
  manifest: ModelManifest;
  language: ViewerLanguage;
  /** 0…1 while the GLB downloads (only when the server sends its length). */
  onProgress?: (fraction: number) => void;
  onError?: (error: Error) => void;
}

export interface ModelViewerHandle {
  resetView(): void;
  setAutoRotate(on: boolean): void;
  destroy(): void;
}

/** Seconds without interaction before auto-rotate resumes. */
const AUTO_ROTATE_RESUME_S = 4;
const FOV = 40;

/** A GLB in `container` with orbit controls, environment light, a soft ground shadow and AR where the device has it. */
export function mountModelViewer(container: HTMLElement, options: ModelViewerOptions): ModelViewerHandle {
  const strings = MODEL_VIEWER_STRINGS[options.language];
  const root = createViewerRoot(container, 's3d-model');
  const fail = (error: Error, message = strings.loadFailed, hint = strings.loadFailedHint) => {
    if (shell?.isDestroyed()) return;
    progress.remove();
    showErrorBox(root, message, hint);
    options.onError?.(error);
  };

  // Poster and progress first: they show even where WebGL fails.
  const poster = options.posterUrl ? document.createElement('img') : null;
  if (poster) {
    poster.className = 's3d-model__poster';
    poster.alt = '';
    poster.src = options.posterUrl!;
    root.appendChild(poster);
  }
  const progress = document.createElement('div');
  progress.className = 's3d-progress';
  progress.setAttribute('role', 'progressbar');
  progress.setAttribute('aria-valuemin', '0');
  progress.setAttribute('aria-valuemax', '100');
  const progressText = document.createElement('div');
  progressText.textContent = strings.loadingUnknown;
  const progressTrack = document.createElement('div');
  progressTrack.className = 's3d-progress__track';
  const progressBar = document.createElement('div');
  progressBar.className = 's3d-progress__bar';
  progressTrack.appendChild(progressBar);
  progress.append(progressText, progressTrack);
  root.appendChild(progress);

  const shell = createViewerShell(root, {
    strings,
    host: container,
    renderer: { antialias: true, alpha: true },
    fov: FOV,
    damping: 0.08,
    draw,
    // The GLB comes whole, its textures with it: a frame with the model shows all of it.
    complete: () => model !== null,
    resetView: () => resetView(),
    onDestroy,
  });
  if (!shell) {
    progress.remove();
    options.onError?.(new Error('WebGL is not available'));
    return { resetView: () => undefined, setAutoRotate: () => undefined, destroy: () => root.remove() };
  }
  const { renderer, camera, controls, requestRender } = shell;
  renderer.outputColorSpace = THREE.SRGBColorSpace;
  renderer.toneMapping = THREE.NeutralToneMapping;
  renderer.toneMappingExposure = 1;
  renderer.shadowMap.enabled = true;
  renderer.shadowMap.type = THREE.PCFShadowMap;
  // The model does not move, so its shadow is drawn once (and again after a reset of the scene).
  renderer.shadowMap.autoUpdate = false;
  controls.autoRotateSpeed = 1.2;

  const scene = new THREE.Scene();
  const pmrem = new THREE.PMREMGenerator(renderer);
  const room = new RoomEnvironment();
  const environment = pmrem.fromScene(room, 0.04).texture;
  room.dispose();
  scene.environment = environment;

  // A directional light for the ground shadow only; the environment does the lighting.
  const shadowLight = new THREE.DirectionalLight(0xffffff, 0);
  shadowLight.castShadow = true;
  shadowLight.shadow.mapSize.set(1024, 1024);
  shadowLight.shadow.radius = 6;
  scene.add(shadowLight, shadowLight.target);
  const ground = new THREE.Mesh(new THREE.PlaneGeometry(1, 1).rotateX(-Math.PI / 2), new THREE.ShadowMaterial({ opacity: 0.22 }));
  ground.receiveShadow = true;
  scene.add(ground);

  let model: THREE.Object3D | null = null;
  let fit: CameraFit | null = null;
  // Turning on its own is motion nobody asked for where the system asks for less of it.
  let wantAutoRotate = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  let interacting = false;
  let resumeTimer = 0;
  let arSession: WebXrArSession | null = null;
  let posterHidden = !poster;

  const applyAutoRotate = () => {
    controls.autoRotate = wantAutoRotate && !interacting && model !== null;
    autoRotateButton.setAttribute('aria-pressed', String(wantAutoRotate));
    setButtonLabel(autoRotateButton, wantAutoRotate ? strings.autoRotateOff : strings.autoRotateOn);
    requestRender();
  };
  const setAutoRotate = (on: boolean) => {
    wantAutoRotate = on;
    interacting = false;
    applyAutoRotate();
  };

  function draw() {
    renderer.render(scene, camera);
    if (model && !posterHidden) {
      posterHidden = true;
      poster?.classList.add('s3d-model__poster--hidden');
    }
  }
  controls.addEventListener('start', () => {
    interacting = true;
    window.clearTimeout(resumeTimer);
    applyAutoRotate();
  });
  controls.addEventListener('end', () => {
    window.clearTimeout(resumeTimer);
    resumeTimer = window.setTimeout(() => {
      interacting = false;
      applyAutoRotate();
    }, AUTO_ROTATE_RESUME_S * 1000);
  });
  shell.resize();

  const resetView = () => {
    if (!fit) return;
    fit = boundsFit();
    camera.position.set(...fit.position);
    camera.near = fit.near;
    camera.far = fit.far;
    camera.updateProjectionMatrix();
    controls.target.set(...fit.target);
    controls.minDistance = fit.minDistance;
    controls.maxDistance = fit.maxDistance;
    controls.update();
    requestRender();
  };
  const modelBounds = new THREE.Box3();
  const boundsFit = () => fitCameraToBounds({ min: modelBounds.min.toArray(), max: modelBounds.max.toArray() }, FOV, camera.aspect);

  const autoRotateButton = createToggleButton({
    label: wantAutoRotate ? strings.autoRotateOff : strings.autoRotateOn,
    icon: ICONS.rotate,
    pressed: wantAutoRotate,
    onToggle: setAutoRotate,
  });
  const arButton = createIconButton({ label: strings.viewInAr, icon: ICONS.ar, className: 's3d-model__ar', onClick: () => void enterAr() });
  arButton.hidden = true;
  shell.addToolbarButtons(autoRotateButton, arButton);

  let arMode: ArMode | null = null;
  void readArEnvironment().then((environment) => {
    if (shell.isDestroyed()) return;
    arMode = chooseArMode(environment);
    arButton.hidden = arMode === null;
  });

  const enterAr = async () => {
    if (!model || arSession) return;
    try {
      if (arMode === 'webxr') {
        shell.pause();
        arSession = await startWebXrAr({
          renderer,
          model,
          overlayParent: root,
          strings,
          onEnd: () => {
            arSession = null;
            shell.resume();
          },
        });
      } else if (arMode === 'quick-look') {
        arButton.disabled = true;
        arButton.title = strings.arPreparing;
        await openQuickLook(model);
      } else if (arMode === 'scene-viewer') {
        openSceneViewer(options.modelUrl);
      }
    } catch (error) {
      arSession = null;
      shell.resume();
      showNotice(strings.arFailed);
      console.warn('AR failed', error);
    } finally {
      arButton.disabled = false;
      setButtonLabel(arButton, strings.viewInAr);
    }
  };

  let noticeTimer = 0;
  const showNotice = (text: string) => {
    root.querySelector('.s3d-notice')?.remove();
    const notice = document.createElement('div');
    notice.className = 's3d-notice';
    notice.setAttribute('role', 'status');
    notice.textContent = text;
    root.appendChild(notice);
    window.clearTimeout(noticeTimer);
    noticeTimer = window.setTimeout(() => notice.remove(), 4000);
  };

  // Loading.
  const loader = new GLTFLoader();
  loader.setMeshoptDecoder(MeshoptDecoder);
  // KTX2 (KHR_texture_basisu) textures are transcoded in a worker to whatever the GPU samples compressed.
  const ktx2Loader = createKtx2Loader(renderer);
  loader.setKTX2Loader(ktx2Loader);
  loader.load(
    options.modelUrl,
    (gltf) => {
      if (shell.isDestroyed()) {
        disposeObject(gltf.scene);
        return;
      }
      model = gltf.scene;
      model.traverse((object) => {
        if ((object as THREE.Mesh).isMesh) object.castShadow = true;
      });
      scene.add(model);
      modelBounds.setFromObject(model);
      if (modelBounds.isEmpty())
        modelBounds.set(new THREE.Vector3(...options.manifest.bounds.min), new THREE.Vector3(...options.manifest.bounds.max));
      placeGroundAndShadow(modelBounds);
      fit = boundsFit();
      progress.remove();
      options.onProgress?.(1);
      resetView();
      applyAutoRotate();
    },
    (event) => {
      if (shell.isDestroyed() || !event.lengthComputable || event.total <= 0) return;
      const fraction = Math.min(event.loaded / event.total, 1);
      const percent = `${Math.round(fraction * 100)}%`;
      progressBar.style.width = percent;
      progressText.textContent = fillPlaceholders(strings.loading, { percent });
      progress.setAttribute('aria-valuenow', String(Math.round(fraction * 100)));
      options.onProgress?.(fraction);
    },
    (error) => fail(asError(error)),
  );

  function placeGroundAndShadow(bounds: THREE.Box3) {
    const size = bounds.getSize(new THREE.Vector3());
    const centre = bounds.getCenter(new THREE.Vector3());
    const span = Math.max(size.x, size.y, size.z, 1e-3);
    ground.scale.setScalar(span * 4);
    ground.position.set(centre.x, bounds.min.y - span * 0.001, centre.z);
    shadowLight.target.position.copy(centre);
    shadowLight.position.set(centre.x + span * 0.3, centre.y + span * 3, centre.z + span * 0.4);
    const shadowCamera = shadowLight.shadow.camera;
    shadowCamera.left = shadowCamera.bottom = -span * 1.5;
    shadowCamera.right = shadowCamera.top = span * 1.5;
    shadowCamera.near = span * 0.1;
    shadowCamera.far = span * 6;
    shadowCamera.updateProjectionMatrix();
    shadowLight.shadow.bias = -0.0005;
    renderer.shadowMap.needsUpdate = true;
  }

  function onDestroy() {
    arSession?.end();
    window.clearTimeout(resumeTimer);
    window.clearTimeout(noticeTimer);
    if (model) disposeObject(model);
    ground.geometry.dispose();
    (ground.material as THREE.Material).dispose();
    shadowLight.dispose();
    environment.dispose();
    pmrem.dispose();
    ktx2Loader.dispose();
  }

  return { resetView, setAutoRotate, destroy: shell.destroy };
}

/**
 * A KTX2Loader whose Basis transcoder (JS and WASM) comes from this build's own assets: Vite emits the
 * `?url` imports as hashed files, and the loader's fixed file names are mapped to them.
 */
function createKtx2Loader(renderer: THREE.WebGLRenderer): KTX2Loader {
  const manager = new THREE.LoadingManager();
  manager.setURLModifier((url) => {
    if (url.endsWith('basis_transcoder.js')) return basisTranscoderJsUrl;
    if (url.endsWith('basis_transcoder.wasm')) return basisTranscoderWasmUrl;
    return url;
  });
  return new KTX2Loader(manager).detectSupport(renderer);
}

/** Frees every geometry, material and texture under `object`. */
export function disposeObject(object: THREE.Object3D): void {
  object.traverse((child) => {
    const mesh = child as THREE.Mesh;
    if (!mesh.geometry) return;
    mesh.geometry.dispose();
    const materials = Array.isArray(mesh.material) ? mesh.material : [mesh.material];
    for (const material of materials) {
      if (!material) continue;
      for (const value of Object.values(material)) {
        if (value instanceof THREE.Texture) value.dispose();
      }
      material.dispose();
    }
  });
}
