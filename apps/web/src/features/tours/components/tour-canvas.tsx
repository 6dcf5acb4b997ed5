import { Result, Spin } from 'antd';
import type { Hotspot, HotspotKind, Tour, TourSceneSettings, ViewDirection } from '@spatia/contract';
import type { TourViewerHandle } from '@spatia/viewers/tour';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

/** What the editor asks of the panorama besides what it passes in. */
export interface TourCanvasHandle {
  /** Where the view looks now and its horizontal field of view (degrees); null before the panorama shows. */
  getView(): (ViewDirection & { fov: number }) | null;
}

interface TourCanvasProps {
  /** Where each scene's files are (read once; a new object builds a new viewer). */
  files: Tour;
  /** The draft's scenes: names, views and hotspots as edited. */
  scenes: readonly TourSceneSettings[];
  sceneId: string;
  selectedHotspotId: string | null;
  placing: HotspotKind | null;
  language: 'zh' | 'en';
  onPlace(direction: ViewDirection): void;
  onSelectHotspot(hotspotId: string | null): void;
  onMoveHotspot(hotspotId: string, direction: ViewDirection): void;
  ref?: Ref<TourCanvasHandle>;
}

/** A press on a hotspot becomes a drag only past this many pixels, so that a click only selects. */
const DRAG_THRESHOLD_PX = 4;

/**
 * The scene in the viewer of packages/viewers, in its edit mode: hotspots follow the draft, a click
 * places a hotspot while "Add" is on (and deselects otherwise), a hotspot is selected by pressing it
 * and moved by dragging it. The viewer is loaded on demand (`import()`), as the style guide asks.
 */
export function TourCanvas({
  files,
  scenes,
  sceneId,
  selectedHotspotId,
  placing,
  language,
  onPlace,
  onSelectHotspot,
  onMoveHotspot,
  ref,
}: TourCanvasProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [handle, setHandle] = useState<TourViewerHandle | null>(null);
  const [failed, setFailed] = useState(false);
  // The viewer's listeners live as long as the viewer; they read the newest props through this.
  const latest = useRef({ scenes, sceneId, placing, onPlace, onSelectHotspot, onMoveHotspot });
  useLayoutEffect(() => {
    latest.current = { scenes, sceneId, placing, onPlace, onSelectHotspot, onMoveHotspot };
  });

  useEffect(() => {
    let disposed = false;
    let created: TourViewerHandle | null = null;
    setFailed(false);
    import('@spatia/viewers/tour')
      .then(({ createTourViewer }) => {
        const element = container.current;
        if (disposed || !element) return;
        const { scenes: draftScenes, sceneId: startSceneId } = latest.current;
        created = createTourViewer(element, withDraftScenes(files, draftScenes), { language, mode: 'edit', startSceneId });
        setHandle(created);
      })
      .catch(() => {
        if (!disposed) setFailed(true);
      });
    return () => {
      disposed = true;
      created?.destroy();
      setHandle(null);
    };
  }, [files, language]);

  useImperativeHandle(ref, () => ({ getView: () => (handle ? handle.editing.getView() : null) }), [handle]);

  // The scene: switch when another is chosen, then show the draft's hotspots of it.
  const shownScene = useRef<string | null>(null);
  const synced = useRef(new Map<string, Hotspot>());
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    if (!handle) return;
    const scene = latest.current.scenes.find((item) => item.id === sceneId);
    if (!scene) return;
    let cancelled = false;
    const showHotspots = () => {
      if (cancelled) return;
      const hotspots = latest.current.scenes.find((item) => item.id === sceneId)?.hotspots ?? [];
      handle.editing.setHotspots(hotspots);
      synced.current = new Map(hotspots.map((hotspot) => [hotspot.id, hotspot]));
      shownScene.current = sceneId;
      setShown(sceneId);
    };
    if (handle.currentSceneId === sceneId) {
      if (shownScene.current !== sceneId) showHotspots();
    } else {
      shownScene.current = null;
      setShown(null);
      void handle.goToScene(sceneId, { transition: false, view: scene.initialView, fov: scene.fov }).then(showHotspots);
    }
    return () => {
      cancelled = true;
    };
  }, [handle, sceneId]);

  // Hotspots: only those whose object changed are redrawn (a drag changes one, many times a second).
  const hotspots = scenes.find((scene) => scene.id === sceneId)?.hotspots;
  useEffect(() => {
    if (!handle || !hotspots || shown !== sceneId || shownScene.current !== sceneId) return;
    const previous = synced.current;
    const next = new Map(hotspots.map((hotspot) => [hotspot.id, hotspot]));
    for (const id of previous.keys()) if (!next.has(id)) handle.editing.removeHotspot(id);
    for (const hotspot of hotspots) if (previous.get(hotspot.id) !== hotspot) handle.editing.upsertHotspot(hotspot);
    synced.current = next;
  }, [handle, hotspots, sceneId, shown]);

  useEffect(() => {
    if (!handle) return;
    let press: { hotspotId: string; x: number; y: number; dragging: boolean } | null = null;
    const stopListening = handle.editing.onHotspotPointer((event) => {
      const { clientX: x, clientY: y } = event.pointerEvent;
      switch (event.phase) {
        case 'down':
          press = { hotspotId: event.hotspotId, x, y, dragging: false };
          latest.current.onSelectHotspot(event.hotspotId);
          return;
        case 'move':
          if (!press || press.hotspotId !== event.hotspotId) return;
          if (!press.dragging && Math.hypot(x - press.x, y - press.y) < DRAG_THRESHOLD_PX) return;
          press.dragging = true;
          if (event.direction) latest.current.onMoveHotspot(event.hotspotId, event.direction);
          return;
        case 'up':
        case 'cancel':
          press = null;
          return;
      }
    });
    const listening = new AbortController();
    handle.viewer.addEventListener(
      'click',
      ({ data }) => {
        if (data.rightclick) return;
        if (!latest.current.placing) {
          latest.current.onSelectHotspot(null);
          return;
        }
        const direction = handle.editing.directionAt(data.clientX, data.clientY);
        if (direction) latest.current.onPlace(direction);
      },
      { signal: listening.signal },
    );
    return () => {
      stopListening();
      listening.abort();
    };
  }, [handle]);

  if (failed) {
    return <Result status="warning" title={t('tours.canvas.failed')} className="tour-canvas__failed" />;
  }

  return (
    <div
      className={`tour-canvas${placing ? ' tour-canvas--placing' : ''}`}
      data-testid="tour-canvas"
      data-ready={handle !== null && shown === sceneId}
      data-scene={shown ?? ''}
    >
      {/* The selected hotspot is marked by its id: the viewer rebuilds a marker's element on every change. */}
      {selectedHotspotId && (
        <style>{`.tour-canvas .spv-hotspot[data-hotspot-id="${CSS.escape(selectedHotspotId)}"] { outline: 3px solid #faad14; outline-offset: 4px; border-radius: 50%; }`}</style>
      )}
      <div ref={container} className="tour-canvas__viewer" />
      {!handle && (
        <div className="tour-canvas__loading">
          <Spin />
        </div>
      )}
      {placing && (
        <div className="tour-canvas__hint" role="status" data-testid="tour-placing-hint">
          {t(placing === 'link' ? 'tours.canvas.placeLink' : 'tours.canvas.placeInfo')}
        </div>
      )}
    </div>
  );
}

/** The tour the viewer opens: each draft scene, in the draft's order, with its files. */
function withDraftScenes(files: Tour, scenes: readonly TourSceneSettings[]): Tour {
  const byId = new Map(files.scenes.map((scene) => [scene.id, scene]));
  return {
    ...files,
    scenes: scenes.flatMap((scene) => {
      const located = byId.get(scene.id);
      return located ? [{ ...scene, baseUrl: located.baseUrl, panorama: located.panorama }] : [];
    }),
  };
}
