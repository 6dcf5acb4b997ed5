/**
 * What both 3D viewers stand on: the WebGL canvas in the viewer's root, a perspective camera with orbit
 * controls, sizing that follows the root, the bottom toolbar (reset view, the viewer's own buttons,
 * fullscreen), frames drawn on demand, and one `destroy` that frees all of it. The viewers keep only
 * what is theirs: the scene, its loading and their own tools.
 */
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import './viewer-3d.css';
import { canGoFullscreen, createIconButton, ICONS, showErrorBox, toggleFullscreen } from './controls';
import { DrawnSignal } from './drawn-signal';

export interface ViewerShellStrings {
  canvasLabel: string;
  resetView: string;
  fullscreen: string;
  webglError: string;
}

export interface ViewerShellOptions {
  strings: ViewerShellStrings;
  /** The element the viewer was mounted in; its `data-drawn` follows the frames (shared/drawn-signal.ts). */
  host: HTMLElement;
  renderer: THREE.WebGLRendererParameters;
  /** Vertical field of view in degrees; near and far are the viewer's to set. */
  fov: number;
  /** The camera's up, before the controls read it (point clouds stand on z). */
  up?: THREE.Vector3Tuple;
  /** OrbitControls' damping factor (damping is always on). */
  damping: number;
  /** Draws one frame, after the controls have moved the camera. */
  draw(now: number): void;
  /** After `draw`: whether that frame showed all there is to show (nothing the view needs still loading). */
  complete(): boolean;
  /** After the renderer and the camera have taken the root's new size (CSS pixels). */
  onResize?(width: number, height: number): void;
  /** The reset button's action. */
  resetView(): void;
  /** Frees what the viewer made; runs in `destroy`, before the renderer goes. */
  onDestroy(): void;
}

export interface ViewerShell {
  readonly renderer: THREE.WebGLRenderer;
  readonly canvas: HTMLCanvasElement;
  readonly camera: THREE.PerspectiveCamera;
  readonly controls: OrbitControls;
  /** The bottom bar; a viewer's other bars go before it so that Tab reaches them first. */
  readonly toolbar: HTMLElement;
  /** Late callbacks (a loader, a timer) ask this before touching anything. */
  isDestroyed(): boolean;
  /** Draws a frame soon; frames stop when nothing moves. */
  requestRender(): void;
  /** Takes the root's size now; later changes are followed by themselves. */
  resize(): void;
  /** Puts buttons between reset view and fullscreen. */
  addToolbarButtons(...buttons: HTMLElement[]): void;
  /** Draws nothing until `resume` (while a WebXR session draws on the renderer instead). */
  pause(): void;
  resume(): void;
  destroy(): void;
}

/** The element a viewer fills `container` with; what shows without WebGL (a poster, an error) goes in here. */
export function createViewerRoot(container: HTMLElement, className: string): HTMLDivElement {
  const root = document.createElement('div');
  root.className = `s3d-root ${className}`;
  container.appendChild(root);
  return root;
}

/** The shell in `root`, or null where the browser cannot give WebGL: the root then says so. */
export function createViewerShell(root: HTMLElement, options: ViewerShellOptions): ViewerShell | null {
  let renderer: THREE.WebGLRenderer;
  try {
    renderer = new THREE.WebGLRenderer(options.renderer);
  } catch (error) {
    console.warn('WebGL could not start', error);
    showErrorBox(root, options.strings.webglError, '');
    return null;
  }
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  const canvas = renderer.domElement;
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', options.strings.canvasLabel);
  root.insertBefore(canvas, root.firstChild);

  const camera = new THREE.PerspectiveCamera(options.fov, 1, 0.01, 1000);
  if (options.up) camera.up.set(...options.up);
  const controls = new OrbitControls(camera, canvas);
  controls.enableDamping = true;
  controls.dampingFactor = options.damping;
  controls.screenSpacePanning = true;

  const drawn = new DrawnSignal(options.host);
  let size = { width: 1, height: 1 };
  let destroyed = false;
  let paused = false;
  let frameRequest = 0;
  const frame = (now: number) => {
    frameRequest = 0;
    if (destroyed || paused) return;
    const moving = controls.update();
    options.draw(now);
    drawn.frame(size.width, size.height, options.complete());
    // Damping and auto-rotate need further frames; otherwise drawing stops until something changes.
    if (moving || controls.autoRotate) requestRender();
  };
  const requestRender = () => {
    if (!frameRequest && !destroyed && !paused) frameRequest = requestAnimationFrame(frame);
  };
  controls.addEventListener('change', requestRender);

  const resize = () => {
    const width = Math.max(root.clientWidth, 1);
    const height = Math.max(root.clientHeight, 1);
    size = { width, height };
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    options.onResize?.(width, height);
    requestRender();
  };
  const resizeObserver = new ResizeObserver(resize);
  resizeObserver.observe(root);

  const toolbar = document.createElement('div');
  toolbar.className = 's3d-toolbar';
  toolbar.appendChild(createIconButton({ label: options.strings.resetView, icon: ICONS.reset, onClick: () => options.resetView() }));
  const fullscreenButton = canGoFullscreen()
    ? createIconButton({ label: options.strings.fullscreen, icon: ICONS.fullscreen, onClick: () => toggleFullscreen(root) })
    : null;
  if (fullscreenButton) toolbar.appendChild(fullscreenButton);
  root.appendChild(toolbar);

  return {
    renderer,
    canvas,
    camera,
    controls,
    toolbar,
    isDestroyed: () => destroyed,
    requestRender,
    resize,
    addToolbarButtons(...buttons) {
      for (const button of buttons) toolbar.insertBefore(button, fullscreenButton);
    },
    pause() {
      paused = true;
      drawn.invalidate();
      cancelAnimationFrame(frameRequest);
      frameRequest = 0;
    },
    resume() {
      paused = false;
      resize();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      cancelAnimationFrame(frameRequest);
      resizeObserver.disconnect();
      options.onDestroy();
      controls.dispose();
      renderer.dispose();
      renderer.forceContextLoss();
      root.remove();
      drawn.dispose();
    },
  };
}
