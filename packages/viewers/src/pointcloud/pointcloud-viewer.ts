import { MEASUREMENT_LIMITS, MEASUREMENT_POINTS, type DecodedPointCloudNode, type Measurement, type MeasurementKind, type PointCloudManifest, type Vec3 } from '@spatia/contract';
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { CSS2DRenderer } from 'three/examples/jsm/renderers/CSS2DRenderer.js';
import '../shared/viewer-3d.css';
import './pointcloud-viewer.css';
import { canGoFullscreen, createIconButton, ICONS, setButtonLabel, showErrorBox, toggleFullscreen } from '../shared/controls';
import type { Html } from '../shared/html';
import { fillPlaceholders, type ViewerLanguage } from '../shared/language';
import { defaultPointBudget, readDeviceClass } from './budget';
import { availableColorModes, type ColorMode } from './color-ramp';
import { EyeDomeLighting } from './eye-dome-lighting';
import { buildHierarchy, type OctreeNode } from './hierarchy';
import { selectNodes } from './lod';
import { MeasurementLayer, type DraftMeasurement } from './measurement-layer';
import { formatMeasurementOf, withoutRepeats } from './measurement-math';
import { NodeCache } from './node-cache';
import { NodeLoader } from './node-loader';
import { pickNearestPoint, type PickCloud } from './picking';
import { COLOR_MODE_INDEX, PointMaterials } from './point-material';
import { colorModeName, kindName, POINT_CLOUD_VIEWER_STRINGS } from './strings';

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

/** Projected spacing (CSS pixels) above which a node's children are loaded. */
const MAX_PROJECTED_SPACING = 1.5;
/** Seconds between two node selections while the camera moves. */
const SELECTION_INTERVAL_MS = 120;
/** How far from the pointer (CSS pixels) a point may be picked. */
const PICK_RADIUS_PX = 8;
/** A press that moves less than this is a click, not a drag. */
const CLICK_SLOP_PX = 5;
const TOOLS: MeasurementKind[] = ['distance', 'area', 'height'];

interface LoadedNode {
  points: number;
  object: THREE.Points;
}

/** A streamed octree point cloud with measurement tools (docs/viewers-3d.md). */
export function mountPointCloudViewer(container: HTMLElement, options: PointCloudViewerOptions): PointCloudViewerHandle {
  const { manifest } = options;
  const strings = POINT_CLOUD_VIEWER_STRINGS[options.language];
  const origin: Vec3 = [...manifest.cube.min];
  const budget = options.pointBudget ?? defaultPointBudget(readDeviceClass());
  const colorModes = availableColorModes(manifest.attributes);

  const root = document.createElement('div');
  root.className = 's3d-root s3d-root--dark s3d-pointcloud';
  root.tabIndex = -1;
  container.appendChild(root);

  let destroyed = false;
  const showError = (message: string, hint: string) => showErrorBox(root, message, hint);

  let renderer: THREE.WebGLRenderer;
  try {
    renderer = new THREE.WebGLRenderer({ antialias: false });
  } catch {
    showError(strings.webglError, '');
    let list = structuredClone(options.measurements);
    return { setColorMode: () => undefined, setMeasurements: (next) => (list = structuredClone(next)), getMeasurements: () => structuredClone(list), destroy: () => root.remove() };
  }
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.setClearColor(0x11141a, 1);
  const canvas = renderer.domElement;
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', strings.canvasLabel);
  root.appendChild(canvas);

  const labelRenderer = new CSS2DRenderer();
  labelRenderer.domElement.className = 's3d-pc-labels';
  root.appendChild(labelRenderer.domElement);

  const scene = new THREE.Scene();
  const overlayScene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(55, 1, 0.1, 1000);
  camera.up.set(0, 0, 1);
  const controls = new OrbitControls(camera, canvas);
  controls.enableDamping = true;
  controls.dampingFactor = 0.1;
  controls.screenSpacePanning = true;

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
  let colorMode: ColorMode = colorModes[0]!;
  let edlOn = true;
  const edl = new EyeDomeLighting();

  // Nodes.
  const hierarchy = buildHierarchy(manifest);
  const pointsGroup = new THREE.Group();
  scene.add(pointsGroup);
  let visibleNames = new Set<string>();
  const cache = new NodeCache<LoadedNode>(Math.max(budget * 2, 200_000), (_name, entry) => {
    pointsGroup.remove(entry.object);
    entry.object.geometry.dispose();
  });
  let loadErrors = 0;
  const loader = new NodeLoader(
    options.octreeUrl,
    manifest.attributes,
    (node, decoded) => {
      if (destroyed) return;
      cache.set(node.name, { points: node.points, object: createNodeObject(node, decoded) }, visibleNames);
      pointsGroup.add(cache.peek(node.name)!.object);
      loadingNote.hidden = true;
      selectionDue = true;
      requestRender();
    },
    (node, error) => {
      loadErrors++;
      console.warn(`point cloud node ${node.name} failed`, error);
      // Without the root nothing shows: that is a failed load, not a partial one.
      if (node.name === 'r' || loadErrors > 8) showError(strings.loadFailed, strings.loadFailedHint);
    },
  );

  function createNodeObject(node: OctreeNode, decoded: DecodedPointCloudNode): THREE.Points {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(decoded.positions, 3));
    if (decoded.colors) geometry.setAttribute('rgba', new THREE.BufferAttribute(decoded.colors, 4, true));
    if (decoded.intensities) geometry.setAttribute('intensity', new THREE.BufferAttribute(decoded.intensities, 1, false));
    geometry.boundingBox = new THREE.Box3(new THREE.Vector3(...node.min), new THREE.Vector3(...node.max));
    geometry.boundingSphere = geometry.boundingBox.getBoundingSphere(new THREE.Sphere());
    const object = new THREE.Points(geometry, materials.forLevel(node.level));
    object.name = node.name;
    object.visible = false;
    object.matrixAutoUpdate = false;
    return object;
  }

  // Selection (throttled) and rendering (on demand).
  let selectionDue = true;
  let lastSelection = 0;
  let selectionTimer = 0;
  let frameRequest = 0;
  let stats: PointCloudStats = { visiblePoints: 0, loadedNodes: 0 };
  const frustum = new THREE.Frustum();
  const frustumBox = new THREE.Box3();
  const projectionView = new THREE.Matrix4();

  const runSelection = () => {
    if (!hierarchy) return;
    camera.updateMatrixWorld();
    projectionView.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
    frustum.setFromProjectionMatrix(projectionView);
    const cssHeight = Math.max(root.clientHeight, 1);
    const pixelsPerRadian = cssHeight / (2 * Math.tan(THREE.MathUtils.degToRad(camera.fov) / 2));
    const selection = selectNodes(
      hierarchy,
      {
        position: camera.position.toArray() as Vec3,
        pixelsPerRadian,
        inFrustum: (min, max) => frustum.intersectsBox(frustumBox.set(frustumBox.min.set(...min), frustumBox.max.set(...max))),
      },
      { spacing: manifest.spacing, pointBudget: budget, maxProjectedSpacing: MAX_PROJECTED_SPACING, isLoaded: (name) => cache.has(name) },
    );
    const next = new Set(selection.visible.map((node) => node.name));
    for (const name of visibleNames) if (!next.has(name)) cache.peek(name)!.object.visible = false;
    for (const node of selection.visible) cache.touch(node.name)!.object.visible = true;
    visibleNames = next;
    cache.evict(visibleNames);
    loader.want(selection.missing);
    stats = { visiblePoints: selection.visiblePoints, loadedNodes: cache.size };
    statsBox.textContent = fillPlaceholders(strings.stats, { points: selection.visiblePoints.toLocaleString(options.language === 'zh' ? 'zh-CN' : 'en-US'), nodes: `${visibleNames.size}/${cache.size}` });
    options.onStats?.(stats);
  };

  const updateClipPlanes = () => {
    const distance = camera.position.distanceTo(controls.target);
    camera.near = Math.max(distance / 500, boundsRadius / 100_000);
    camera.far = distance + boundsRadius * 4;
    camera.updateProjectionMatrix();
  };

  const render = (now: number) => {
    frameRequest = 0;
    if (destroyed) return;
    const moving = controls.update();
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
    if (moving) requestRender();
  };
  function requestRender() {
    if (!frameRequest && !destroyed) frameRequest = requestAnimationFrame(render);
  }
  controls.addEventListener('change', () => {
    selectionDue = true;
    requestRender();
  });

  const resize = () => {
    const width = Math.max(root.clientWidth, 1);
    const height = Math.max(root.clientHeight, 1);
    renderer.setSize(width, height, false);
    labelRenderer.setSize(width, height);
    const buffer = renderer.getDrawingBufferSize(new THREE.Vector2());
    edl.setSize(buffer.x, buffer.y);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    materials.shared.uPixelsPerRadian.value = buffer.y / (2 * Math.tan(THREE.MathUtils.degToRad(camera.fov) / 2));
    selectionDue = true;
    requestRender();
  };
  const resizeObserver = new ResizeObserver(resize);
  resizeObserver.observe(root);

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
    renderList();
    requestRender();
  };

  const pickAt = (clientX: number, clientY: number): Vec3 | null => {
    const rect = canvas.getBoundingClientRect();
    camera.updateMatrixWorld();
    projectionView.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
    const clouds: PickCloud[] = [];
    for (const name of visibleNames) {
      const object = cache.peek(name)?.object;
      if (!object) continue;
      clouds.push({ positions: object.geometry.getAttribute('position').array as Float32Array, matrix: projectionView.elements });
    }
    const hit = pickNearestPoint(clouds, { x: clientX - rect.left, y: clientY - rect.top, width: rect.width, height: rect.height, radiusPx: PICK_RADIUS_PX });
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
      measurements = [...measurements, { id: newId(), kind, label: `${kindName(strings, kind)} ${number}`.slice(0, MEASUREMENT_LIMITS.label), points }];
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

  // Toolbar: tools (editable only), colour, EDL; view buttons at the bottom right.
  const topBar = document.createElement('div');
  topBar.className = 's3d-toolbar s3d-toolbar--top';
  const toolIcons: Record<MeasurementKind, Html> = { distance: ICONS.distance, area: ICONS.area, height: ICONS.height };
  const toolLabels: Record<MeasurementKind, string> = { distance: strings.toolDistance, area: strings.toolArea, height: strings.toolHeight };
  const toolButtons = new Map<MeasurementKind, HTMLButtonElement>();
  if (options.editable) {
    for (const tool of TOOLS) {
      const button = createIconButton({ label: toolLabels[tool], icon: toolIcons[tool], pressed: false, className: `s3d-pc-tool s3d-pc-tool--${tool}`, onClick: () => setTool(activeTool === tool ? null : tool) });
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
  const edlButton = createIconButton({
    label: strings.edl,
    icon: ICONS.edl,
    pressed: true,
    onClick: () => {
      edlOn = !edlOn;
      edlButton.setAttribute('aria-pressed', String(edlOn));
      requestRender();
    },
  });
  topBar.append(colorSelect, edlButton);
  root.appendChild(topBar);

  const bottomBar = document.createElement('div');
  bottomBar.className = 's3d-toolbar';
  bottomBar.appendChild(createIconButton({ label: strings.resetView, icon: ICONS.reset, onClick: resetView }));
  if (canGoFullscreen()) bottomBar.appendChild(createIconButton({ label: strings.fullscreen, icon: ICONS.fullscreen, onClick: () => toggleFullscreen(root) }));
  root.appendChild(bottomBar);

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

  // The side list.
  const panel = document.createElement('section');
  panel.className = 's3d-pc-panel';
  panel.setAttribute('aria-label', strings.measurements);
  const panelTitle = document.createElement('h2');
  panelTitle.textContent = strings.measurements;
  const list = document.createElement('ul');
  panel.append(panelTitle, list);
  root.appendChild(panel);

  function renderList() {
    panel.hidden = !options.editable && measurements.length === 0;
    list.replaceChildren();
    if (measurements.length === 0) {
      const empty = document.createElement('li');
      empty.className = 's3d-pc-panel__empty';
      empty.textContent = strings.noMeasurements;
      list.appendChild(empty);
      return;
    }
    for (const measurement of measurements) {
      const item = document.createElement('li');
      item.className = `s3d-pc-item s3d-pc-item--${measurement.kind}`;
      const show = document.createElement('button');
      show.type = 'button';
      show.className = 's3d-pc-item__value';
      show.textContent = `${kindName(strings, measurement.kind)} ${formatMeasurementOf(measurement)}`;
      setButtonLabel(show, fillPlaceholders(strings.showMeasurement, { name: measurement.label || kindName(strings, measurement.kind) }));
      show.addEventListener('click', () => focusMeasurement(measurement));
      if (options.editable) {
        const input = document.createElement('input');
        input.className = 's3d-pc-item__label';
        input.value = measurement.label;
        input.maxLength = MEASUREMENT_LIMITS.label;
        input.setAttribute('aria-label', strings.label);
        input.placeholder = strings.label;
        input.addEventListener('change', () => {
          const label = input.value.trim().slice(0, MEASUREMENT_LIMITS.label);
          measurements = measurements.map((entry) => (entry.id === measurement.id ? { ...entry, label } : entry));
          emitMeasurements();
        });
        input.addEventListener('keydown', (event) => {
          if (event.key === 'Enter') input.blur();
        });
        const remove = createIconButton({
          label: fillPlaceholders(strings.deleteMeasurement, { name: measurement.label || kindName(strings, measurement.kind) }),
          icon: ICONS.remove,
          className: 's3d-pc-item__delete',
          onClick: () => {
            measurements = measurements.filter((entry) => entry.id !== measurement.id);
            emitMeasurements();
          },
        });
        item.append(input, show, remove);
      } else {
        const label = document.createElement('span');
        label.className = 's3d-pc-item__label';
        label.textContent = measurement.label;
        item.append(label, show);
      }
      list.appendChild(item);
    }
  }

  const focusMeasurement = (measurement: Measurement) => {
    if (measurement.points.length === 0) return;
    const centre = new THREE.Vector3();
    for (const point of measurement.points) centre.add(new THREE.Vector3(point[0] - origin[0], point[1] - origin[1], point[2] - origin[2]));
    centre.multiplyScalar(1 / measurement.points.length);
    centreViewOn(centre);
  };

  const setColorMode = (mode: ColorMode) => {
    if (!colorModes.includes(mode)) return;
    colorMode = mode;
    colorSelect.value = mode;
    materials.shared.uColorMode.value = COLOR_MODE_INDEX[mode];
    requestRender();
  };

  resize();
  resetView();
  refreshMeasurements();
  if (!hierarchy) showError(strings.loadFailed, strings.loadFailedHint);

  return {
    setColorMode,
    setMeasurements(next: Measurement[]) {
      measurements = structuredClone(next);
      refreshMeasurements();
    },
    getMeasurements: () => structuredClone(measurements),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      cancelAnimationFrame(frameRequest);
      window.clearTimeout(selectionTimer);
      resizeObserver.disconnect();
      loader.dispose();
      controls.dispose();
      canvas.removeEventListener('pointerdown', onPointerDown);
      canvas.removeEventListener('pointerup', onPointerUp);
      canvas.removeEventListener('dblclick', onDoubleClick);
      root.removeEventListener('keydown', onKeyDown);
      cache.clear();
      layer.dispose();
      materials.dispose();
      edl.dispose();
      renderer.dispose();
      renderer.forceContextLoss();
      root.remove();
      void colorMode;
    },
  };
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
