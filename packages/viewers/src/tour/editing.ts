import type { Viewer } from '@photo-sphere-viewer/core';
import type { MarkerConfig, MarkersPlugin } from '@photo-sphere-viewer/markers-plugin';
import type { Hotspot, TourScene, ViewDirection } from '@spatia/contract';
import { horizontalFov, toDirection, toPosition, zoomForHorizontalFov } from './view';

export type HotspotPointerPhase = 'down' | 'move' | 'up' | 'cancel';

export interface HotspotPointerEvent {
  phase: HotspotPointerPhase;
  hotspotId: string;
  /** The panorama under the pointer now (null outside the viewer). */
  direction: ViewDirection | null;
  pointerEvent: PointerEvent;
}

/**
 * What the console's tour editor uses (README "Editing"). Hotspot changes apply to the scene shown
 * now and are kept when the editor switches scenes and back; saving them is the editor's business.
 */
export interface TourEditing {
  /** True when the viewer was created with `mode: 'edit'` (pointer events on hotspots only fire then). */
  readonly enabled: boolean;
  /** The panorama direction under a point of the page (clientX/clientY), or null outside the viewer. */
  directionAt(clientX: number, clientY: number): ViewDirection | null;
  /** Where the view looks now and its horizontal field of view, in the tour's terms (degrees). */
  getView(): ViewDirection & { fov: number };
  /** Turns the view (no animation); with `fov`, zooms too. */
  setView(view: ViewDirection, fov?: number): void;
  /** Replaces every hotspot of the scene shown now. */
  setHotspots(hotspots: readonly Hotspot[]): void;
  /** Adds a hotspot, or replaces the one with the same id. */
  upsertHotspot(hotspot: Hotspot): void;
  removeHotspot(hotspotId: string): void;
  /** Presses, drags and releases on hotspots (edit mode). Returns the function that stops listening. */
  onHotspotPointer(listener: (event: HotspotPointerEvent) => void): () => void;
}

interface EditingDependencies {
  viewer: Viewer;
  markers: MarkersPlugin;
  editMode: boolean;
  scene: () => TourScene;
  toMarker: (hotspot: Hotspot) => MarkerConfig;
  aspect: () => number;
}

export function createTourEditing(dependencies: EditingDependencies): TourEditing & { dispose(): void } {
  const { viewer, markers, editMode, scene, toMarker, aspect } = dependencies;
  const listeners = new Set<(event: HotspotPointerEvent) => void>();
  const container = viewer.container;
  let dragging: { pointerId: number; hotspotId: string } | null = null;

  const directionAt = (clientX: number, clientY: number): ViewDirection | null => {
    const rect = container.getBoundingClientRect();
    const x = clientX - rect.left;
    const y = clientY - rect.top;
    if (x < 0 || y < 0 || x > rect.width || y > rect.height) return null;
    try {
      return toDirection(viewer.dataHelper.viewerCoordsToSphericalCoords({ x, y }));
    } catch {
      // No panorama loaded yet.
      return null;
    }
  };

  const emit = (phase: HotspotPointerPhase, hotspotId: string, pointerEvent: PointerEvent) => {
    const event: HotspotPointerEvent = {
      phase,
      hotspotId,
      direction: directionAt(pointerEvent.clientX, pointerEvent.clientY),
      pointerEvent,
    };
    listeners.forEach((listener) => listener(event));
  };

  const hotspotIdOf = (target: EventTarget | null) =>
    (target instanceof Element ? target.closest<HTMLElement>('.spv-hotspot')?.dataset['hotspotId'] : undefined) ?? null;

  // The viewer turns on mousedown/touchstart; on a hotspot, in edit mode, the press belongs to the editor.
  const keepFromViewer = (event: Event) => {
    if (hotspotIdOf(event.target)) event.stopPropagation();
  };
  const onPointerDown = (event: PointerEvent) => {
    const hotspotId = hotspotIdOf(event.target);
    if (!hotspotId || dragging || event.button > 0) return;
    event.preventDefault();
    dragging = { pointerId: event.pointerId, hotspotId };
    // On the container, not the marker: a marker's element is rebuilt whenever it is updated.
    container.setPointerCapture(event.pointerId);
    emit('down', hotspotId, event);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (dragging?.pointerId === event.pointerId) emit('move', dragging.hotspotId, event);
  };
  const onPointerEnd = (event: PointerEvent) => {
    if (dragging?.pointerId !== event.pointerId) return;
    const { hotspotId } = dragging;
    dragging = null;
    if (container.hasPointerCapture(event.pointerId)) container.releasePointerCapture(event.pointerId);
    emit(event.type === 'pointercancel' ? 'cancel' : 'up', hotspotId, event);
  };

  if (editMode) {
    container.classList.add('spv-tour--editing');
    container.addEventListener('mousedown', keepFromViewer, true);
    container.addEventListener('touchstart', keepFromViewer, { capture: true, passive: true });
    container.addEventListener('pointerdown', onPointerDown, true);
    container.addEventListener('pointermove', onPointerMove);
    container.addEventListener('pointerup', onPointerEnd);
    container.addEventListener('pointercancel', onPointerEnd);
  }

  const hasMarker = (hotspotId: string) => {
    try {
      markers.getMarker(hotspotId);
      return true;
    } catch {
      return false;
    }
  };

  return {
    enabled: editMode,
    directionAt,
    getView: () => {
      const view = toDirection(viewer.getPosition());
      const vFov = viewer.dataHelper.zoomLevelToFov(viewer.getZoomLevel());
      return { ...view, fov: Math.round(horizontalFov(vFov, aspect()) * 10) / 10 };
    },
    setView: (view, fov) => {
      viewer.rotate(toPosition(view));
      if (fov !== undefined) viewer.zoom(zoomForHorizontalFov(fov, aspect()));
    },
    setHotspots: (hotspots) => {
      scene().hotspots = hotspots.map((hotspot) => ({ ...hotspot }));
      markers.setMarkers(hotspots.map(toMarker));
    },
    upsertHotspot: (hotspot) => {
      const current = scene();
      const index = current.hotspots.findIndex((item) => item.id === hotspot.id);
      if (index === -1) current.hotspots.push({ ...hotspot });
      else current.hotspots[index] = { ...hotspot };
      if (hasMarker(hotspot.id)) markers.updateMarker(toMarker(hotspot));
      else markers.addMarker(toMarker(hotspot));
    },
    removeHotspot: (hotspotId) => {
      const current = scene();
      current.hotspots = current.hotspots.filter((item) => item.id !== hotspotId);
      if (hasMarker(hotspotId)) markers.removeMarker(hotspotId);
    },
    onHotspotPointer: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: () => {
      listeners.clear();
      if (!editMode) return;
      container.removeEventListener('mousedown', keepFromViewer, true);
      container.removeEventListener('touchstart', keepFromViewer, { capture: true });
      container.removeEventListener('pointerdown', onPointerDown, true);
      container.removeEventListener('pointermove', onPointerMove);
      container.removeEventListener('pointerup', onPointerEnd);
      container.removeEventListener('pointercancel', onPointerEnd);
    },
  };
}
