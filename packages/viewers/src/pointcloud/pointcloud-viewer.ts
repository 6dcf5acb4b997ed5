import {
  MEASUREMENT_LIMITS,
  MEASUREMENT_POINTS,
  type Measurement,
  type MeasurementKind,
  type PointCloudManifest,
  type Vec3,
} from '@spatia/contract';
import * as THREE from 'three';
import { CSS2DRenderer } from 'three/examples/jsm/renderers/CSS2DRenderer.js';
import '../shared/viewer-3d.css';
import './pointcloud-viewer.css';
import { createIconButton, createToggleButton, ICONS, showErrorBox } from '../shared/controls';
import { fillPlaceholders, type ViewerLanguage } from '../shared/language';
import { createViewerRoot, createViewerShell } from '../shared/viewer-shell';
import { defaultPointBudget, readDeviceClass } from './budget';
import { availableColorModes, type ColorMode } from './color-ramp';
import { EyeDomeLighting } from './eye-dome-lighting';
import { MeasurementLayer, type DraftMeasurement } from './measurement-layer';
import { withoutRepeats } from './measurement-math';
import { createMeasurementPanel } from './measurement-panel';
import { pickNearestPoint, type PickCloud } from './picking';
import { COLOR_MODE_INDEX, PointMaterials } from './point-material';
import { StreamedOctree } from './streamed-octree';
import { colorModeName, kindName, POINT_CLOUD_VIEWER_STRINGS, toolLabel } from './strings';

export interface PointCloudStats {
  visiblePoints: number;
  loadedNodes: number;
}

export interface PointCloudViewerOptions {
  /** `octree.bin` (`PointCloudView.baseUrl + POINT_CLOUD_OCTREE_PATH`); must answer HTTP range requests. */
  octreeUrl: string;
  manifest: PointCloudManifest;
  measurements: Measurement[];
  /** Shows the measurement tools, label editing and delete. */
  editable: boolean;
  language: ViewerLanguage;
  /** Most points drawn at once; by default from the device (docs/viewers-3d.md "Budgets"). */
  pointBudget?: number;
  /** After every change the person makes; the host saves them. */
  onMeasurementsChange?: (measurements: Measurement[]) => void;
  onStats?: (stats: PointCloudStats) => void;
}

export interface PointCloudViewerHandle {
  setColorMode(mode: ColorMode): void;
  /** Replaces the shown measurements (e.g. after a save); does not call `onMeasurementsChange`. */
  setMeasurements(measurements: Measurement[]): void;
  getMeasurements(): Measurement[];
  destroy(): void;
}

/** Seconds between two node selections while the camera moves. */
const SELECTION_INTERVAL_MS = 120;
/** How far from the pointer (CSS pixels) a point may be picked. */
const PICK_RADIUS_PX = 8;
/** A press that moves less than this is a click, not a drag. */
const CLICK_SLOP_PX = 5;
const TOOLS: MeasurementKind[] = ['distance', 'area', 'height'];

/** A streamed octree point cloud with measurement tools (docs/viewers-3d.md). */
export function mountPointCloudViewer(container: HTMLElement, options: PointCloudViewerOptions): PointCloudViewerHandle {
  const { manifest } = options;
  const strings = POINT_CLOUD_VIEWER_STRINGS[options.language];
  const origin: Vec3 = [...manifest.cube.min];
  const budget = options.pointBudget ?? defaultPointBudget(readDeviceClass());
  const colorModes = availableColorModes(manifest.attributes);

  const root = createViewerRoot(container, 's3d-root--dark s3d-pointcloud');
  root.tabIndex = -1;
  const showError = (message: string, hint: string) => showErrorBox(root, message, hint);

  const shell = createViewerShell(root, {
    strings,
    host: container,
    renderer: { antialias: false },
    fov: 55,
    up: [0, 0, 1],
    damping: 0.1,
    draw,
    // The frame showed the nodes this view wants once the last selection is current and found none missing.
    complete: () => !selectionDue && octree.complete,
    onResize,
    resetView: () => resetView(),
    onDestroy,
  });
  if (!shell) {
    let list = structuredClone(options.measurements);
    return {
      setColorMode: () => undefined,
      setMeasurements: (next) => (list = structuredClone(next)),
      getMeasurements: () => structuredClone(list),
      destroy: () => root.remove(),
    };
  }
  const { renderer, canvas, camera, controls, requestRender } = shell;
  renderer.setClearColor(0x11141a, 1);

  const labelRenderer = new CSS2DRenderer();
  labelRenderer.domElement.className = 's3d-pc-labels';
  canvas.after(labelRenderer.domElement);

  const scene = new THREE.Scene();
  const overlayScene = new THREE.Scene();

  // Cube-local frame: positions are offsets from cube.min, small enough for float32.
  const localBounds = {
    min: new THREE.Vector3(...manifest.bounds.min.map((value, axis) => value - origin[axis]!)),
    max: new THREE.Vector3(...manifest.bounds.max.map((value, axis) => value - origin[axis]!)),
  };
  const boundsRadius = Math.max(localBounds.min.distanceTo(localBounds.max) / 2, 1e-3);

  const materials = new PointMaterials(
    {
      uColorMode: { value: COLOR_MODE_INDEX[colorModes[0]!] },
      uElevationRange: { value: new THREE.Vector2(localBounds.min.z, localBounds.max.z) },
      uIntensityRange: { value: new THREE.Vector2(...manifest.intensityRange) },
      uPixelsPerRadian: { value: 1 },
      uSizeFactor: { value: 1.1 },
    },
    manifest.spacing,
  );
  let edlOn = true;
  const edl = new EyeDomeLighting();

  const octree = new StreamedOctree({
    url: options.octreeUrl,
    manifest,
    pointBudget: budget,
    materials,
    onNodeLoaded: () => {
      loadingNote.hidden = true;
      selectionDue = true;
      requestRender();
    },
    onFailed: () => showError(strings.loadFailed, strings.loadFailedHint),
  });
  scene.add(octree.group);

  // Selection (throttled) and rendering (on demand).
  let selectionDue = true;
  let lastSelection = 0;
  let selectionTimer = 0;
  const projectionView = new THREE.Matrix4();

  const runSelection = () => {
    const selection = octree.select(camera, Math.max(root.clientHeight, 1));
    if (!selection) return;
    const points = selection.visiblePoints.toLocaleString(options.language === 'zh' ? 'zh-CN' : 'en-US');
    statsBox.textContent = fillPlaceholders(strings.stats, { points, nodes: `${selection.visibleNodes}/${selection.loadedNodes}` });
    options.onStats?.({ visiblePoints: selection.visiblePoints, loadedNodes: selection.loadedNodes });
  };

  const updateClipPlanes = () => {
    const distance = camera.position.distanceTo(controls.target);
    camera.near = Math.max(distance / 500, boundsRadius / 100_000);
    camera.far = distance + boundsRadius * 4;
    camera.updateProjectionMatrix();
  };

  function draw(now: number) {
    updateClipPlanes();
    if (selectionDue) {
      if (now - lastSelection >= SELECTION_INTERVAL_MS) {
        selectionDue = false;
        lastSelection = now;
        runSelection();
      } else if (!selectionTimer) {
        selectionTimer = window.setTimeout(() => {
          selectionTimer = 0;
          requestRender();
        }, SELECTION_INTERVAL_MS);
      }
    }
    renderer.autoClear = true;
    if (edlOn) edl.render(renderer, scene, camera);
    else renderer.render(scene, camera);
    renderer.autoClear = false;
    renderer.clearDepth();
    renderer.render(overlayScene, camera);
    labelRenderer.render(overlayScene, camera);
  }
  controls.addEventListener('change', () => (selectionDue = true));

  function onResize(width: number, height: number) {
    labelRenderer.setSize(width, height);
    const buffer = renderer.getDrawingBufferSize(new THREE.Vector2());
    edl.setSize(buffer.x, buffer.y);
    materials.shared.uPixelsPerRadian.value = buffer.y / (2 * Math.tan(THREE.MathUtils.degToRad(camera.fov) / 2));
    selectionDue = true;
  }

  const resetView = () => {
    const centre = localBounds.min.clone().add(localBounds.max).multiplyScalar(0.5);
    const halfFov = THREE.MathUtils.degToRad(camera.fov) / 2;
    const narrowest = Math.min(halfFov, Math.atan(Math.tan(halfFov) * camera.aspect));
    // The bounding sphere is generous for flat sites (most clouds): 0.85 of it still shows the whole.
    const distance = (boundsRadius / Math.sin(narrowest)) * 0.85;
    // From the south-east, above: the usual way to look at a site.
    const direction = new THREE.Vector3(0.6, -0.9, 0.75).normalize();
    controls.target.copy(centre);
    camera.position.copy(centre).addScaledVector(direction, distance);
    controls.maxDistance = distance * 8;
    controls.minDistance = boundsRadius / 1000;
    controls.update();
    selectionDue = true;
    requestRender();
  };

  // Measurements.
  let measurements: Measurement[] = structuredClone(options.measurements);
  let activeTool: MeasurementKind | null = null;
  let draft: DraftMeasurement | null = null;
  const layer = new MeasurementLayer(origin);
  overlayScene.add(layer.group);

  const emitMeasurements = () => {
    refreshMeasurements();
    options.onMeasurementsChange?.(structuredClone(measurements));
  };
  const refreshMeasurements = () => {
    layer.update(measurements, draft, new Map(measurements.map((measurement) => [measurement.id, measurement.label])));
    panel.show(measurements);
    requestRender();
  };

  const pickAt = (clientX: number, clientY: number): Vec3 | null => {
    const rect = canvas.getBoundingClientRect();
    camera.updateMatrixWorld();
    projectionView.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
    const clouds: PickCloud[] = octree.visiblePositions().map((positions) => ({ positions, matrix: projectionView.elements }));
    const hit = pickNearestPoint(clouds, {
      x: clientX - rect.left,
      y: clientY - rect.top,
      width: rect.width,
      height: rect.height,
      radiusPx: PICK_RADIUS_PX,
    });
    return hit ? hit.position : null;
  };
  const toSource = (local: Vec3): Vec3 => [local[0] + origin[0], local[1] + origin[1], local[2] + origin[2]];

  const setTool = (tool: MeasurementKind | null) => {
    activeTool = tool;
    draft = tool ? { kind: tool, points: [] } : null;
    for (const [kind, button] of toolButtons) button.setAttribute('aria-pressed', String(kind === tool));
    hint.hidden = !tool;
    hint.textContent = tool === 'height' ? strings.hintHeight : strings.hintPolyline;
    root.classList.toggle('s3d-pointcloud--measuring', Boolean(tool));
    refreshMeasurements();
  };

  const finishDraft = () => {
    if (!draft || !activeTool) return;
    const points = withoutRepeats(draft.points);
    const kind = draft.kind;
    if (points.length >= MEASUREMENT_POINTS[kind].min && measurements.length < MEASUREMENT_LIMITS.measurements) {
      const number = measurements.filter((measurement) => measurement.kind === kind).length + 1;
      measurements = [
        ...measurements,
        { id: newId(), kind, label: `${kindName(strings, kind)} ${number}`.slice(0, MEASUREMENT_LIMITS.label), points },
      ];
      draft = { kind, points: [] };
      emitMeasurements();
    } else {
      draft = { kind, points: [] };
      refreshMeasurements();
    }
  };

  const addDraftPoint = (point: Vec3) => {
    if (!draft) return;
    if (draft.points.length >= MEASUREMENT_POINTS[draft.kind].max) return;
    draft.points.push(point);
    if (draft.kind === 'height' && draft.points.length === 2) finishDraft();
    else refreshMeasurements();
  };

  let pressX = 0;
  let pressY = 0;
  const onPointerDown = (event: PointerEvent) => {
    pressX = event.clientX;
    pressY = event.clientY;
    canvas.focus({ preventScroll: true });
  };
  const onPointerUp = (event: PointerEvent) => {
    if (event.button !== 0 || !activeTool) return;
    if (Math.hypot(event.clientX - pressX, event.clientY - pressY) > CLICK_SLOP_PX) return;
    const local = pickAt(event.clientX, event.clientY);
    if (local) addDraftPoint(toSource(local));
  };
  /** Moves the centre of the view to `target`, keeping the direction and distance of the view. */
  const centreViewOn = (target: THREE.Vector3) => {
    camera.position.add(target.clone().sub(controls.target));
    controls.target.copy(target);
    controls.update();
    selectionDue = true;
    requestRender();
  };
  const onDoubleClick = (event: MouseEvent) => {
    if (activeTool && activeTool !== 'height') {
      finishDraft();
      return;
    }
    if (activeTool) return;
    const local = pickAt(event.clientX, event.clientY);
    if (local) centreViewOn(new THREE.Vector3(...local));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!activeTool || (event.target as HTMLElement).tagName === 'INPUT') return;
    if (event.key === 'Escape') {
      event.preventDefault();
      setTool(null);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      finishDraft();
    }
  };
  canvas.addEventListener('pointerdown', onPointerDown);
  canvas.addEventListener('pointerup', onPointerUp);
  canvas.addEventListener('dblclick', onDoubleClick);
  root.addEventListener('keydown', onKeyDown);

  // Top bar: tools (editable only), colour, EDL; the shell's view buttons stay at the bottom right.
  const topBar = document.createElement('div');
  topBar.className = 's3d-toolbar s3d-toolbar--top';
  const toolButtons = new Map<MeasurementKind, HTMLButtonElement>();
  if (options.editable) {
    for (const tool of TOOLS) {
      const button = createIconButton({
        label: toolLabel(strings, tool),
        icon: ICONS[tool],
        pressed: false,
        className: `s3d-pc-tool s3d-pc-tool--${tool}`,
        onClick: () => setTool(activeTool === tool ? null : tool),
      });
      toolButtons.set(tool, button);
      topBar.appendChild(button);
    }
  }
  const colorSelect = document.createElement('select');
  colorSelect.className = 's3d-pc-color';
  colorSelect.setAttribute('aria-label', strings.colorMode);
  colorSelect.title = strings.colorMode;
  for (const mode of colorModes) colorSelect.add(new Option(colorModeName(strings, mode), mode));
  colorSelect.addEventListener('change', () => setColorMode(colorSelect.value as ColorMode));
  const edlButton = createToggleButton({
    label: strings.edl,
    icon: ICONS.edl,
    pressed: true,
    onToggle: (on) => {
      edlOn = on;
      requestRender();
    },
  });
  topBar.append(colorSelect, edlButton);
  shell.toolbar.before(topBar);

  const hint = document.createElement('div');
  hint.className = 's3d-pc-hint';
  hint.setAttribute('role', 'status');
  hint.hidden = true;
  root.appendChild(hint);

  const statsBox = document.createElement('div');
  statsBox.className = 's3d-pc-stats';
  statsBox.setAttribute('aria-live', 'off');
  root.appendChild(statsBox);

  const loadingNote = document.createElement('div');
  loadingNote.className = 's3d-pc-loading';
  loadingNote.textContent = strings.loading;
  root.appendChild(loadingNote);

  const panel = createMeasurementPanel({
    strings,
    editable: options.editable,
    onShow: (measurement) => focusMeasurement(measurement),
    onRename: (id, label) => {
      measurements = measurements.map((entry) => (entry.id === id ? { ...entry, label } : entry));
      emitMeasurements();
    },
    onDelete: (id) => {
      measurements = measurements.filter((entry) => entry.id !== id);
      emitMeasurements();
    },
  });
  root.appendChild(panel.element);

  const focusMeasurement = (measurement: Measurement) => {
    if (measurement.points.length === 0) return;
    const centre = new THREE.Vector3();
    for (const point of measurement.points) centre.add(new THREE.Vector3(point[0] - origin[0], point[1] - origin[1], point[2] - origin[2]));
    centre.multiplyScalar(1 / measurement.points.length);
    centreViewOn(centre);
  };

  const setColorMode = (mode: ColorMode) => {
    if (!colorModes.includes(mode)) return;
    colorSelect.value = mode;
    materials.shared.uColorMode.value = COLOR_MODE_INDEX[mode];
    requestRender();
  };

  shell.resize();
  resetView();
  refreshMeasurements();
  if (!octree.readable) showError(strings.loadFailed, strings.loadFailedHint);

  return {
    setColorMode,
    setMeasurements(next: Measurement[]) {
      measurements = structuredClone(next);
      refreshMeasurements();
    },
    getMeasurements: () => structuredClone(measurements),
    destroy: shell.destroy,
  };

  function onDestroy() {
    window.clearTimeout(selectionTimer);
    octree.dispose();
    canvas.removeEventListener('pointerdown', onPointerDown);
    canvas.removeEventListener('pointerup', onPointerUp);
    canvas.removeEventListener('dblclick', onDoubleClick);
    root.removeEventListener('keydown', onKeyDown);
    layer.dispose();
    materials.dispose();
    edl.dispose();
  }
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
